import type { DemoStory } from '../story-types';

export const theBoatHadNoName: DemoStory = {
  title: 'The Boat Had No Name',
  text: `
Every boat I have ever seen since has had a name. The ferries in the bay, the fishing boats in Monterey, the yachts in the marina where my son likes to look at the sea lions. *Sea Breeze. Lucky Lady. Second Wind.* People paint the name on the back in beautiful letters. Sometimes I stand on the dock and read them all, one after another, like a list of prayers. Because the boat that brought me here had no name. It was thirty feet long and made of wood, painted blue a long time ago, with an engine that coughed, and it carried one hundred and forty-one people out of the Mekong Delta in the dark, and nobody ever gave it a name. There was no time. And I think, too, that nobody wanted to name a thing that might not live.

I was six. I am fifty-two now, a pharmacist, a mother of two, a wife, a woman with a mortgage in San Jose and a lemon tree in the back yard. I keep this account private because my mother is still alive and she does not speak of the boat, ever, and I do not want to speak of it for her. But she is eighty now, and I am afraid that when she goes, the boat goes with her, and my children will never know how they came to be Americans. So I am writing down what I remember. It is not much. It is what a child sees.

## Before the boat

We lived in Cần Thơ, a city on the river in the south. My father had been a teacher of French, and after 1975, after the war ended and the new government came, he was sent away to what they called a re-education camp, because he had worked for the old government's schools. He was gone for three years. I do not remember him from before. I remember him from after: a thin, quiet man with a cough, who came home when I was five and sat in the doorway every evening watching the street, and who jumped at any sudden noise, and who taught me to read French from a book with no cover, very gently, with his finger moving under each word.

My mother sold noodle soup from a cart in the market. She was up at three every morning to make the broth. I remember the smell of it, star anise and charred ginger, in the dark of our one room, and my mother's shape moving by the light of the charcoal. She was the strong one. She has always been the strong one.

There were whispers that year, 1979. Everyone whispered. Families disappearing, leaving at night. Gold changing hands. Boats. I heard the word *vượt biên*, which means *crossing the border*, and I did not know what it meant, only that it was said very quietly and then people looked over their shoulders.

## The night

My mother woke me in the dark and dressed me in two sets of clothes, one over the other, and told me I must not make any sound, not one, no matter what, and I must hold my brother's hand, and never let go. My brother was four. I was six. I held his hand so tightly that he had bruises the next day.

We went to the river in a small sampan, under a fishing net, and then to another river, and then, in the middle of the night, to the mouth of the river where it opened into the sea, and there in the dark was the boat. I could not see how big it was. I could only see people, so many people, climbing up the side in silence, being pushed and pulled aboard, and the smell of diesel and fish and fear. My father lifted me up. Someone on the boat took me by my arms and pulled me over the side and put me down in the hold, in the dark, on top of other people, and for a moment I had let go of my brother's hand and I screamed, the only sound I made that whole night, and then my mother was there with him and she put her hand over my mouth, very gently, and I stopped.

The engine started. It was very loud. Everyone flinched. And then we were moving.

## The sea

We were at sea for six days. I know this because my mother has told me, the one time she told me anything. I do not remember six days. I remember pieces.

I remember that the hold was so full that nobody could lie down, and that we sat with our knees up, against each other, in the dark, and that it was very hot and then very cold. I remember a baby crying for a long time, and then not crying. I remember the water running out on the third day. My mother had a small bottle, hidden in her shirt, and she gave us each a capful, my brother and me, every few hours, and did not drink any herself. I did not notice that she did not drink. I noticed years later, when I was a mother myself and I realized what she had done, and I went to her kitchen and sat down and could not speak. She asked me what was wrong. I said, *The water.* She said, *Eat something, you look thin,* and put a bowl of soup in front of me. That is how my mother talks about the boat.

I remember the storm. Being thrown from side to side in the dark, everyone screaming and praying, water coming in over the sides, the men bailing with cooking pots and hats and their hands. I remember my father holding me and my brother against his chest, with his back against the wall of the hold, all night, and reciting something under his breath, over and over. I thought it was a prayer. Many years later, in America, I asked him. He laughed, his quiet laugh, and said it was La Fontaine. French poems he had learned as a schoolboy. *The Cicada and the Ant. The Crow and the Fox.* He said he could not remember any prayers, he was so frightened, but he could remember La Fontaine.

And I remember the day the other boat came. I will not write much about this. There were pirates in the Gulf of Thailand in those years, fishermen mostly, who found that the boat people carried gold and were easy to rob. A boat came alongside. Men with knives came over. They took everything: the gold sewn into clothes, the wedding rings, my mother's jade bracelet. They took other things, from other people, that I did not understand then and understand now. My mother pushed me and my brother under a pile of nets and sat on top of it, and I lay there in the dark with my brother's hand in mine and listened, and did not make one sound.

They left. The boat went on. The engine coughed. Nobody spoke for a whole day.

## The island

On the sixth day there was land. A beach, white, with palm trees, and people on it, waving. I thought it was heaven. My brother thought so too; he asked my mother if we were dead. It was an island called Pulau Bidong, off the coast of Malaysia, and it was a refugee camp, and there were forty thousand people on it, living in huts made of plastic sheeting and tin and wood from the boats that had brought them, which were broken up on the beach as soon as they arrived so that nobody could send them back out.

Our boat was broken up too. I watched the men do it, with axes, on the sand. The boat with no name, which had carried us through six days and a storm and the pirates, broken into planks to build a hut. I cried. My mother did not understand why. I could not explain. I think I felt that somebody should have thanked it.

We lived on Bidong for eleven months. There was a school, run by volunteers. There was a hospital, and a church, and a Buddhist temple, and a market, and a post office with a wall of letters, and long lines for everything, water and rice and the interviews with the men from the embassies who decided which country would take you. We waited for America because my father's cousin was there. We waited a long time.

I learned English on Bidong, from a young woman from Australia who taught us songs. *Twinkle, Twinkle, Little Star.* *If You're Happy and You Know It.* I did not understand the words, but I understood that she was kind, and that the stars she was singing about were the same stars I had seen from the deck of the boat, at night, when they let the children up for air.

## America

We flew to San Francisco in 1980, on a big airplane, with a plastic bag that said *IOM* in blue letters and held everything we owned. A church in San Jose sponsored us. A family from the church, the Hendersons, met us at the airport with a sign with our names spelled wrong, and took us to an apartment they had filled with furniture and food and a box of toys for my brother and me, and Mrs. Henderson knelt down in front of me and gave me a doll with yellow hair, and I held it and did not know what to say, and she hugged me, and I let her.

My father never taught French again. He worked in an electronics factory in Santa Clara, putting together circuit boards, for twenty years, and at night he read La Fontaine to my brother and me, and later, to his grandchildren. My mother opened a noodle shop. Of course she did. It is still there, on Story Road, run by my brother now. She still goes in every morning at five to make the broth. She is eighty. Nobody can stop her.

## The names

I became a pharmacist because on Bidong I saw people die of things that a bottle of pills could have cured, and I decided, at seven years old, that I would always have the bottle. I married a man whose family came on a boat too, in 1981, from Vũng Tàu. Our boats had no names either. We have talked about it, late at night. We think that perhaps there were many boats without names, hundreds, thousands, and that perhaps that is the point: they were not boats. They were a bridge, made of wood and courage, for a very short time, between one life and another. A bridge does not need a name.

But I have given ours one, privately. I will not write it here. I say it to myself sometimes, standing on the dock in Monterey, reading the names of the yachts, after *Sea Breeze* and *Lucky Lady* and *Second Wind*. I say it, and I say thank you.

Somebody should.
`,
  comments: [
    [
      'maren.holt',
      'Somebody should have thanked it. I have never thought about a boat being broken up on a beach before and I do not think I will stop now.',
    ],
    [
      'irena.nowak',
      'Your mother did not drink. Mine did not eat. They are the same woman, I think, in every war. Thank you for writing it down before it goes.',
    ],
    [
      'paperlanterns',
      'Pani Irena, your story gave me the courage to write mine. I read it to my daughter. She asked about the suitcase and then she asked about the boat.',
    ],
    ['meilin.chen', 'La Fontaine in the storm. My heart.'],
    ['sam.rivera', 'A bridge made of wood and courage. Beautiful.'],
  ],
};
