import type { DemoStory } from '../story-types';

export const everyDoorOnTheRound: DemoStory = {
  title: 'Every Door on the Round',
  text: `
For thirty-three years I delivered the post in and around the village of Little Ashby, in Herefordshire, and I can tell you the color of every front door on the round, which dogs bite, which gates stick, and who is waiting for a letter that is never going to come.

It is fourteen miles, the round, in a red van, with a lot of getting in and out. Two hundred and eighteen addresses when I started in 1990. Two hundred and sixty when I finished. Farms and cottages and a row of council houses and the big house, which had a butler when I started, an actual butler, a Mr. Hobbs, who took the post from me on a silver tray for eleven years and never once smiled. When the family sold up in 2001, Mr. Hobbs came out to the van on his last day and shook my hand and said, *Mr. Pike, it has been a privilege.* I nearly drove into the pond.

People think the post is about letters. It is not, really. It is about the door. Every day, six days a week, somebody knocks, somebody comes to the door, somebody says *morning*. For a lot of people on my round, especially the old ones, out on the farms, on their own, I was the only person they spoke to some days. You learn that. You learn to knock and wait, not knock and leave. You learn that Mrs. Cutler at Orchard Cottage needs her milk bringing in from the step because her hip is bad. You learn that if the curtains at Holly Farm are still closed at ten, you do not post the letters through, you go round the back.

I found Mr. Davies at Holly Farm on the kitchen floor in February of 2011. He had been there all night. He was ninety-one, a broken hip, freezing, and he looked up at me from the lino and said, *You're late, Oliver.* I wasn't late. I'd come round the back because of the curtains. He lived another four years. He sent me a Christmas card every year after, with a five-pound note in it and *For the curtains* written inside. I never spent them. They are in a tin in my kitchen.

The round changed. Fewer letters, more parcels. People ordering everything from the internet, dog food and printer ink and once, memorably, a canoe, which I delivered on the roof of the van to a retired vicar who had never been in a canoe in his life and drowned it in the river inside a week. The village changed too. Young couples from Birmingham and London who work on laptops and have very clean boots. Holiday lets. Fewer farms. But the doors are the same doors, mostly. Somebody still comes to them.

I retired last spring. They gave me a clock and a card signed by everyone on the round, two hundred and sixty addresses, and some of the signatures were children who had been babies when I started, and some were the children of children. Mrs. Cutler wrote, *Who will bring my milk in now?* The new postie is a young woman called Jess. She is very good. I told her about the milk and the curtains and which dog bites. She wrote it all down.

Now I walk. Every morning, the same round, fourteen miles, in stages, without the van. I don't knock. I just wave. And the doors open anyway.
`,
  comments: [
    [
      'gus.miles',
      'Knock and wait, not knock and leave. Thirty years on the road and that is the best rule I have heard. Happy retirement, Oliver.',
    ],
    ['ada.okafor', 'The curtains at Holly Farm. Postmen and nurses, we notice the small things. Well done.'],
    [
      'sofia.mendes',
      'Knock and wait. On my tram the old ladies tell me everything between the Graça stop and the cathedral. Same job, different vehicle.',
    ],
    ['walter.green', 'Our postman in Sale did the same for my late wife for years. I will thank him tomorrow.'],
  ],
};
