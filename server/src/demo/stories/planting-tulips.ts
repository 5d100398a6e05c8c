import type { DemoStory } from '../story-types';

export const plantingTulips: DemoStory = {
  title: 'Planting Tulips for Someone Else',
  text: `
Tom planted tulips every October for forty-four years. Two hundred bulbs, all along the front path and under the kitchen window, in colors he chose from the catalogue in August with the seriousness of a man buying a car. *Queen of Night*, which is nearly black. *Angelique*, which is pale pink and frilled like a petticoat. And always a row of plain red ones by the gate, *Apeldoorn*, because that was the tulip his mother grew in Kilkenny, and he said a garden needs something that does not try too hard.

He died in August, two years ago, in the week the catalogue came.

That first October I did not plant anything. I could not bear to. The bulbs he had ordered arrived in a cardboard box, two hundred of them, in paper bags with his handwriting on the labels, and I put the box in the garage and closed the door. In the spring the path was bare. The neighbors noticed. Mrs. Fennelly from across the road, who is eighty-six and notices everything, came over and stood by the gate and said, *No tulips this year, Margaret,* and I said, *No,* and she patted my hand and went home.

The box stayed in the garage. The bulbs went soft. I threw them away in June and cried in the garage with the door shut so that nobody would see.

Last October I was clearing out his shed and I found a note, in the pocket of his gardening coat. Just a scrap of paper, a shopping list I think, on the back of which he had written, in his square carpenter's capitals: *TULIPS. 200. ORDER BY AUG. PLANT OCT. M. LIKES THE PINK ONES.*

M. likes the pink ones. I had never told him that. In forty-four years I had never once told him which tulips I liked. He had simply noticed, and planted more of them every year, and never said.

I ordered two hundred bulbs that afternoon, from the same catalogue, and I planted them all, on my knees on the wet grass, over three days, with his trowel, which is worn to the shape of his hand and does not fit mine. *Queen of Night*. Red *Apeldoorn* by the gate. And a great many *Angelique*, more than he ever planted, pink and frilled along the whole path, because M. likes the pink ones.

In April they came up. All of them. Mrs. Fennelly came over and stood by the gate for a long time and did not say anything, and then she said, *Well, Margaret,* and I said, *Well,* and that was enough.

I am seventy-four. I am told I should move somewhere smaller, somewhere with no garden, and perhaps one day I will. But this October I shall plant again. You plant tulips for the spring, which is to say for someone you have not met yet: the person you will be in April. It is an act of faith in her. Tom knew that. He planted them for me for forty-four years without saying a word.

Now I plant them for him.
`,
  comments: [
    ['ruth.ellingson', 'You plant for the person you will be in April. Every farmer knows it and none of us ever said it so well.'],
    [
      'dal.for.one',
      'M. likes the pink ones. Margaret, my wife wrote notes in a cookbook. They notice everything and never say. Thank you.',
    ],
    ['nonna.lucia', 'Plant them every year, cara. He is watching from the kitchen window.'],
  ],
};
