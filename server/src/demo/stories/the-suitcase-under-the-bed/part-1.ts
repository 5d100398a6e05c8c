// The Suitcase Under the Bed, chapters 1-3 (prologue, Mokotów, September 1939, the occupation).
export const part1 = `
## Prologue: Hamilton, Ontario

Under my bed, in the house on Barton Street where I have lived for fifty-one years, there is a brown cardboard suitcase with a broken clasp and a label, in English and Polish, that says *UNRRA — Displaced Persons — Wildflecken Camp — Kowalczyk, Irena, 11 yrs.* My children have known it was there their whole lives. When they were small they were forbidden to touch it, and so naturally they touched it whenever I was out, and I always knew, because I always know, and I never said anything, because I understood. A forbidden suitcase under your mother's bed is a great mystery. I would have looked too.

They are not small now. My son Andrew is sixty-four and a grandfather himself. My daughter Kathy is sixty-one and a retired judge, which means she is used to people telling her the truth, eventually, after a great deal of objection. Last Christmas she sat down beside me on the sofa after the dishes and said, *Mama. The suitcase. Before it's too late.* She did not say before what. She did not need to. I am eighty-nine.

So I am going to open it. Not all at once, because I cannot do anything all at once any more, and because some of the things in it have been closed up for seventy-five years and ought to be let out slowly, like a room that has been shut up for the winter. My granddaughter Zosia has set up this website for me and says that I can write a little each day and it will all be kept together, in pages, like a book. I have always wanted to write a book. I did not expect it to be this one.

I will begin at the beginning, which is a street in Warsaw that does not look the way it did, in a country that has changed its borders twice since I was born, in a family of four of whom I am the only one left who remembers all of it. I will try to tell it plainly. My mother always said that the truth does not need decorating, it needs only to be put on the table where people can see it.

---

## Chapter One: Puławska Street

I was born on the eleventh of March, 1936, in a third-floor apartment on Puławska Street in Mokotów, in the south of Warsaw. It was a good building, yellow stucco, with a courtyard in the middle where the children played and a shrine to the Virgin Mary in the corner, where the women of the building said the rosary in the evenings in May. I remember the shrine better than almost anything, because there were always flowers in front of it, even in the worst years, even when there was no bread. Somebody always found flowers.

My father, Józef Kowalczyk, was a printer. He worked at a print shop on Marszałkowska Street that printed books and calendars and the programs for the opera, and he came home every evening with ink under his fingernails that no soap could reach. He was a tall, quiet man who read the newspaper from the first page to the last every night and then folded it very neatly and put it on the shelf, as if someone might want to read it again. He smelled of ink and tobacco and the peppermints he sucked to cover the tobacco, so that my mother would not know he still smoked. She knew. Everybody knew. It was one of the small agreements that hold a family together.

My mother, Helena, was a seamstress. She had a Singer sewing machine with a treadle, black with gold letters, that stood by the window of the front room, and she made dresses for the wives of doctors and lawyers who came up our three flights of stairs breathing hard and sat on our best chair while she pinned them. She could look at a woman for ten seconds and know her measurements to the centimeter. She could look at a person for ten seconds and know a good deal more than that. She was small and fast and she sang while she sewed, old songs from the village near Lublin where she had grown up, and the sound of that treadle going and my mother singing is the sound of my whole early childhood. Sometimes, even now, in the night, I hear it.

I had a brother, Janek, who was four years older than me. He was the most important person in the world. He was clever and reckless and funny, and he could climb anything, the courtyard wall, the lamppost, the chestnut tree in the park, and he let me follow him everywhere, which older brothers do not usually do. He called me *Mysza*, Mouse, because I was small and quiet and always underfoot. Nobody else has ever called me that. Nobody else is allowed to.

We were not rich. We were not poor. We had enough, which is a word I did not understand until later, when we did not have enough. On Sundays we went to Mass at Saint Michael's, and then to the Łazienki Park to walk by the lake and look at the peacocks, and then home for *rosół*, chicken soup, with noodles my mother made by hand. In the summer we went for two weeks to my grandmother's village, and I ran barefoot in the fields and was stung by bees and was perfectly happy.

I am telling you all this so that you will know what there was. Because in a moment I am going to tell you how it ended, and I do not want you to think that it was always the way it became. It was not. It was a yellow building with flowers in the courtyard, and a sewing machine, and a boy who could climb anything. It was an ordinary life. That is what was taken. Ordinary life.

---

## Chapter Two: September

I was three and a half years old on the first of September, 1939. People tell me I cannot possibly remember it. I tell them they are right, and then I tell them what I remember.

I remember that it was a beautiful morning. Everyone who was there says this. The sky over Warsaw was clear and blue, the kind of late-summer blue that makes you think the summer will never end. I remember that I was in the courtyard with my doll, whose name was Basia, and that there was a noise in the sky like a great many bees, and that Janek, who was seven, came running down the stairs shouting *Samoloty! Samoloty!* Airplanes, airplanes, and that he was excited, not frightened, because he was seven and airplanes were the most wonderful thing in the world.

And then I remember my mother. She came out of the door of the stairwell so fast that she left one of her shoes behind, and she picked me up under one arm like a sack of flour, and took Janek by the collar with the other hand, and she carried us both down into the cellar, and I remember that she was not singing.

We spent most of that month in the cellar. It was a coal cellar, low and damp, with a dirt floor and one bare bulb that went out on the third day and did not come back on. All the families of the building were there, thirty or forty people, with their blankets and their suitcases and their bread and their holy pictures. Old Mrs. Zawadzka from the first floor had brought her canary in its cage, and it sang in the dark, and some people wanted to strangle it, and some people said it was the only thing keeping them sane. I was on the side of the canary.

The bombs came day and night. You could feel them before you heard them, in the floor, in your teeth. When one fell close, dust came down from the ceiling in a soft gray rain, and everyone went quiet, and waited, and then somebody would begin to pray, and then everyone would pray, and then it would pass, and somebody would make a joke. That is the Polish way. You pray and then you make a joke. I have never known a people who were better at both.

My father was not in the cellar. He was on the roof. The men of the building had formed a fire watch, and they took turns on the roof with buckets of sand, to put out the incendiary bombs before they could set the building alight. My mother did not sleep when it was his turn. She sat with her back against the wall and her eyes open in the dark, and she held Janek's hand and my hand, and she did not let go.

On the twenty-fifth of September there was the worst day. They call it Black Monday now, in the history books. I did not know that then. I knew that the whole building shook for hours without stopping, and that the canary stopped singing, and that when we came up, two days later, the building across the street was gone. Not damaged. Gone. Where it had been there was a hill of bricks and beams, still smoking, and a bathtub sitting on top of it, perfectly white, perfectly whole, as if someone had placed it there on purpose. I do not know why that bathtub is the thing I remember. I think it was because it made no sense, and I was three, and nothing made sense, and the bathtub was the one thing that admitted it.

Warsaw surrendered on the twenty-eighth. My father came down from the roof for the last time with his face black with smoke and his hands burned, and he sat at the kitchen table, and he did not read the newspaper, because there was no newspaper. He only sat. After a while my mother put a cup of tea in front of him, with the last of the sugar. He did not drink it. He said, *Helena, it is not over. It is only beginning.* I did not know what he meant. He was right, of course. He was usually right about the things that took years to prove.

---

## Chapter Three: The Occupation

The Germans came into Warsaw on the first of October. I remember the sound of them before I saw them: boots on the cobbles, thousands of boots, all in step, a sound like a machine. My mother would not let us go to the window. Janek went anyway, on the stairs, and came back white and said, *They have so many. Mama, they have so many.*

I was a small child during the occupation, and a small child's war is a strange thing. It is mostly made of rules. You must not speak loudly in the street. You must not look at the soldiers. You must step off the pavement when they pass. You must not say certain words outside the house, and you must not ask why. You must not tell anyone what Papa does in the evenings. You must not tell anyone that Janek goes to school, because Janek is not supposed to go to school.

That last one I did not understand for a long time. The Germans closed the Polish secondary schools and the universities. They said Poles did not need to be educated, that it was enough for us to count to five hundred and write our names and know that it was a divine law to obey the Germans. I am not making this up; it was written down, it was policy. So the teachers taught in secret, in apartments, in groups of five or six children, with the books hidden under the floorboards and a lookout at the window. They called it *tajne komplety*, the secret classes. Janek went three times a week to an apartment on Madalińskiego Street, where a professor of mathematics from the university taught algebra to six boys around a kitchen table, and if anyone knocked at the door the algebra became a game of cards. If they had been caught, the professor would have been shot. The boys would have been sent to a camp. They went anyway. Every week. For five years.

When I was old enough, I went too. My teacher was a woman named Pani Wanda, who had been a schoolteacher before the war and was now, officially, a cleaner. She taught four of us, girls, to read and write, in her room at the top of a building on Narbutta Street, with the curtains drawn. She had one book for all of us, a reader with pictures of a cat and a dog and a farm, and we took turns holding it. I learned to read from that book. I learned to read in whispers. To this day, when I read to myself, I hear it in a whisper. I have never been able to read a book out loud without feeling that I am doing something dangerous.

My father's print shop was taken over by the Germans, and he was kept on, because he knew the machines, and he printed their notices and forms and ration cards all day. And in the evenings he went out, and came back late, after the curfew, and I was not to ask. I found out years later what he was doing. He was printing for the underground, for the Home Army: newspapers, leaflets, false identity papers, in a cellar on Chocimska Street, on a small hand press that had been carried there in pieces, hidden in baby carriages. The newspaper was called the *Biuletyn Informacyjny*. It told people the truth about the war, which the German newspapers did not. My father set the type by hand, by candlelight, and the ink under his fingernails was, after all, not only from the day.

We were hungry, always. Not starving, not then, not like some. But hungry in the way that becomes a part of you, a constant small ache. The ration cards gave us bread that was half sawdust and marmalade made of beets and not much else. My mother sewed for anyone who could pay in food. She made a wedding dress for a farmer's daughter from Wilanów and was paid with a goose, a whole goose, which we kept alive for a week on the balcony because we could not bear to eat it. Janek named it Hitler so that it would be easier. It was not easier. We ate it anyway, on Christmas Eve, and my father said grace and added, under his breath, *and may the other one follow soon*, and my mother hit his hand with her spoon.

I will tell you one more thing about those years, and then I will stop for today, because Zosia says the page is getting long and I am getting tired, and she is right about both.

In the courtyard of our building, in front of the shrine to the Virgin, the women kept putting flowers. All through the occupation. In 1940 and 1941 and 1942, when there was nothing in the shops and people were being taken from the streets in the round-ups and shot against walls, there were flowers in front of the shrine. Marigolds in summer. Paper flowers in winter, made from old newspaper, folded very carefully. I asked my mother once where they came from. She said, *Somebody.* I asked who. She said, *It doesn't matter who. What matters is that somebody does it.*

I have thought about that my whole life. I think it is the most important thing I know.
`;
