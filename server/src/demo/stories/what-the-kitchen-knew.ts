import type { DemoStory } from '../story-types';

export const whatTheKitchenKnew: DemoStory = {
  title: 'What the Kitchen Knew',
  text: `
My granddaughter Giulia says nobody reads long stories on the computer, so I will make mine short, like a good sauce. Not too many things in it. Each thing good.

I was born in 1937 in a village in Calabria that you will not find on the map, because it is very small and the map is very busy. We had a church, a fountain, a bakery with one oven for the whole village, and the mountains all around like the walls of a kitchen. My mother cooked on a fire. My grandmother cooked on a fire. I cooked on a fire until I was twenty-four years old, and then I came to Melbourne on a ship called the *Australia* with my husband Salvatore, and a suitcase, and in the suitcase, in a jam jar, wrapped in my wedding nightdress, the *lievito* for the bread. The mother dough. My mother gave it to me at the port in Messina. She said, *So you do not forget how we eat.*

I did not forget. Sixty-four years I did not forget.

In Melbourne we lived in Carlton, in two rooms behind a shop, with another family from the next village. The Australians did not know what to make of us. They ate meat and boiled vegetables and white bread from a packet that you could squeeze into a ball, and they thought garlic was something you used on vampires. The lady next door, Mrs. Pringle, asked me once, very politely, if we could please cook with the windows closed. I went to her house the next day with a plate of *melanzane* and a loaf of bread. After that she asked if we could please cook with the windows open.

This is what the kitchen knew, that I did not know until I was old. The kitchen knew everything that happened in our family, because everything happened there. Salvatore asked me to marry him in my mother's kitchen, over a pot of beans, and my mother pretended not to listen and burned the beans. Our first son was born in the kitchen in Carlton, because the ambulance was slow and the table was big. My daughter told me she was going to marry an Australian boy, a Protestant, with red hair, while I was rolling *pasta* for Sunday, and I put down the rolling pin and I did not speak for one whole minute, which in our family is a very long time, and then I said, *Does he eat?* She said, *Mamma, he eats everything.* I said, *Then bring him Sunday.* He has been coming Sunday for forty-one years.

When Salvatore died, in 2014, the kitchen knew before anyone. I came in that morning and the coffee pot was cold, because he always made the coffee first, always, for fifty-three years, and I stood there with my hand on the cold pot and I knew.

Now I am eighty-eight. I live with my daughter and the red-haired Protestant, who is very bald now, and I still cook on Sunday. Everybody comes. Four children, eleven grandchildren, six great-grandchildren, and whoever they bring, and there is always somebody new, a girlfriend, a boyfriend, a friend from university who is from China or Sudan or Adelaide. I put a plate in front of them. I watch them eat. I do not ask them anything until they have had a second helping, because that is when people tell the truth.

The *lievito* is still alive. It is in a jar in my daughter's refrigerator, next to the Vegemite, which is a terrible food, but I have learned to live with it, like the Protestant. Every Saturday I feed it, and on Sunday we make bread. Giulia is learning. Her hands are too fast. I tell her what my mother told me: *Piano, piano.* Slowly, slowly. Bread does not care that you are in a hurry.

That is my story. It is a short one because I do not like to waste. If you want the rest, come on Sunday. Bring somebody. There is always enough.
`,
  comments: [
    [
      'tomasz.bakes',
      'Signora, I would fly to Melbourne for Sunday. "Bread does not care that you are in a hurry." My grandmother said exactly this, in Polish.',
    ],
    ['bea.reads', '"Does he eat?" is the greatest possible response to any life announcement.'],
    ['meilin.chen', 'My grandmother also waited until the second helping. It must be a universal law.'],
    ['tulips.for.tom', 'The cold coffee pot. Oh, Lucia. I know that morning.'],
  ],
};
