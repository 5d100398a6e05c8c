import type { DemoStory } from '../story-types';

export const dalForOne: DemoStory = {
  title: 'Dal for One',
  text: `
For forty-six years my wife cooked and I washed up. It was the arrangement. Nobody decided it; it simply happened, in the first week of our marriage, in a rented flat in Leicester in 1978, when she made a *tadka dal* so good that I understood I would never be allowed near the stove and did not want to be. I was very good at washing up. I was, if I may say so, an artist of the washing up. Pots you could see your face in.

Meena died fourteen months ago. I will not write about that, because I cannot yet, and because this is a story about dal.

The first weeks, people brought food. This is what happens, in our community and I think in every community: the casseroles and the curries and the boxes of sweets arrive on the doorstep, enough to feed a wedding, and you eat some and freeze some and give some to the neighbors and throw some away when nobody is looking. And then, after a month or so, it stops, because people have their own lives, and it is right that it should stop. And one evening you open the refrigerator and there is nothing in it but a jar of lime pickle and half a lemon, and you are seventy years old and you do not know how to make your own dinner.

I bought a packet of noodles. It said *Ready in 3 Minutes*. It was ready in three minutes, and it tasted of salt and cardboard, and I ate it standing at the counter, and then I did the washing up, one bowl, one fork, one pan, which took ninety seconds, and I sat down in the kitchen and I could not stop crying. It was the washing up that did it. One bowl.

My daughter lives in Birmingham. She rang that night, as she rings every night, and heard it in my voice, and the next Saturday she drove over with a bag of shopping and a notebook. She said, *Papa, Mummy wrote things down.* I did not know that. Meena had a notebook, an exercise book from the pound shop, blue, that she kept in the drawer with the tea towels, in which she had written recipes for our daughter when she went to university. Twenty-two of them. In her handwriting. With notes. *Not too much chilli for Priya, she cries.* *Fry the onions until they are the color of a paper bag, NOT darker.* *If it sticks, it is because you walked away. Don't walk away.*

We made the dal together, my daughter and I. Toor dal, washed three times. Turmeric, salt, water. Then the *tadka*: ghee in the small pan, cumin seeds until they crackle, garlic until it is golden, a dried red chilli, a pinch of asafoetida, and then you pour it over the dal, all at once, and it hisses like a cat, and the smell goes through the whole house. That smell. I had not smelled it in a year. I had to sit down.

It was not as good as Meena's. It will never be as good as Meena's. But it was dal, and I had made it, and I ate it at the table, sitting down, with a plate, like a person.

I make it every Sunday now. I have learned eleven of the twenty-two recipes. I am working on the twelfth, *aloo gobi*, which is giving me trouble, because it sticks, and it sticks because I walk away. She knew. She always knew.

Afterwards I do the washing up. One plate, one spoon, two pans. I do it very carefully. You can see your face in them.
`,
  comments: [
    [
      'nonna.lucia',
      "Don't walk away. My husband made coffee for fifty-three years and I never learned, and now I make it badly every morning for him. Keep making the dal.",
    ],
    ['ada.okafor', 'Sir, "one bowl" undid me completely. Your wife wrote it all down because she knew. Sending you warmth.'],
    ['tulips.for.tom', 'I cook for one now too. It gets a little easier. Not the washing up, though.'],
    ['dal.for.one', 'Thank you all. The aloo gobi came out well last Sunday. It did not stick. I stood there the whole time.'],
  ],
};
