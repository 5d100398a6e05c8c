// The Suitcase Under the Bed, chapters 10-14 (Canada, becoming Canadian, Janek, parcels, what is in the suitcase).
export const part4 = `
---

## Chapter Ten: Pier 21

Canada took us because Canada needed women who could sew. That is the plain truth of it. In 1948 the government in Ottawa agreed to take some thousands of displaced persons, and the factories sent men to the camps to choose workers, and a man from a textile company in Hamilton, Ontario, came to Wildflecken and watched my mother at her machine for ten minutes and wrote her name on his list. He did not want me. He had to take me. My mother made that quite clear.

We sailed from Bremerhaven in August on an old American troopship, painted gray, with eight hundred displaced persons in bunks stacked four high in the hold. It took eleven days. I was sick for nine of them. My mother was not sick at all; she sat on deck in the wind with her coat wrapped around her and looked west, always west, and when I asked her what she was looking for she said, *Nothing yet.*

On the twelfth morning there was land. Low, green, rocky, with white houses and a lighthouse and a great many trees. Halifax. We came into the harbor and tied up at a long brick building on the waterfront that said *Pier 21* in big letters, and we went down the gangway with our suitcases, and a man in a uniform at the bottom stamped a paper and said, in English, *Welcome to Canada.* My mother said, *Thank you*, which was one of the eleven English words she knew. I said nothing, because I knew none, and because I was looking at the trees, which went on and on, all the way to the sky, with nothing burned.

We went by train to Hamilton. It took two days. I sat at the window the whole time and watched the country go past: forests and lakes and more forests and little towns with wooden churches and then more forests. My mother slept, for the first time I could remember, the whole way, with her head against the window and her hands in her lap. I watched over her. I had the tin soldier in my pocket. I thought: *now I am guarding her.*

---

## Chapter Eleven: Becoming Canadian

Hamilton in 1948 was a steel town, and it smelled of it: a sulfur smell, from the mills along the bay, that got into your clothes and your hair. The first Polish words I heard there were from a man who had lived in Canada for thirty years, on the platform at the station, who said, when he saw my mother's face at the smell, *You get used to it, pani. And then you miss it when you go away.* He was right. I have been to Warsaw and Rome and Florida, and every time I come home, and smell the bay, I know where I am.

We lived in a room in a boarding house on Sherman Avenue run by a Ukrainian widow who did not like Poles and said so, and who fed us better than anyone had fed us since 1939, and who cried when we left. My mother worked at the mill, on a machine, sewing the same seam on the same shirt ten thousand times a day. She hated it. She did it for eleven years. In the evenings, at the kitchen table, she took in sewing from the neighborhood, and in 1959 she had saved enough to open her own shop, a small room on Barton Street with a window and a sign that said *Helena — Alterations and Dressmaking*. She ran it until she was seventy-eight. Half the brides of Hamilton's East End were married in her dresses. The other half, she used to say, should have been.

I went to school. I was twelve, and I went into the third grade, because I had no English, with children of eight who laughed at my clothes and my accent and called me a DP, which was what everyone called us, the displaced persons, and which was not a compliment. I did not care. I had read in whispers in an attic in Warsaw. I was not going to be stopped by eight-year-olds in Hamilton. By the end of the year I was in the fifth grade. By the end of the next I was in the seventh, where I belonged, and I spoke English with only the smallest accent, which I have kept, on purpose, because it is mine.

I learned English the way I had learned to read in Warsaw, from one book at a time, except that now the books were free. The Hamilton Public Library had a branch on Barton Street, a square brick building with a librarian called Miss MacAllister, who was Scottish and sixty and had a moustache, and who decided, on the first day I came in, that I was her project. She gave me *Anne of Green Gables*. I read it with a Polish-English dictionary open beside it, one word at a time, and it took me four months, and when I finished it I went back and asked for the next one. Miss MacAllister gave me the next one. By the time I was fifteen I had read every book in the children's room and she had to get special permission for me to borrow from the adults. I still have a library card from that branch. It is number 4471. I have renewed it every year for seventy-six years, and I have never once returned a book late, which Miss MacAllister said, when I was twelve, was the most Canadian thing about me.

I finished high school and went to work as a bookkeeper at the steel company, in an office full of women at adding machines, and I was good with numbers, and I was promoted, and promoted again. At a dance at the Polish hall on Barton Street in 1957 I met a man called Stanisław Nowak, who had come to Canada from a DP camp too, from Germany, and who worked at the steel company too, on the floor, in the heat, and who had hands like shovels and the gentlest voice I had ever heard. He asked me to dance. I said I did not dance. He said, *Neither do I. Let's not dance together.* We were married in 1958 at Saint Stanislaus church, and my mother made my dress, of course, out of real silk this time, from a shop, that we paid for in installments, and it was the most beautiful dress she ever made.

We called the children Andrew and Katherine, English names, because we wanted them to belong here without trying. At home we spoke Polish. On Christmas Eve we broke the *opłatek*, the wafer, and set an extra place at the table for the stranger, the way it is done, and every year my mother set it, and every year I knew who she was setting it for.

---

## Chapter Twelve: Janek

In March of 1972 a letter came from the Red Cross.

My mother was seventy years old. She had never stopped writing. Every year, for twenty-seven years, on the twenty-fourth of September, she had written a letter to the Red Cross tracing service with Janek's name and date of birth and the last place he had been seen, and every year a letter came back, very polite, saying that there was no new information. She kept them all in a shoebox. There were twenty-six.

The twenty-seventh was different. It said that a man named Jan Kowalczyk, born in Warsaw in 1932, living in Wrocław, had made an inquiry through the Polish Red Cross about his mother, Helena, and his sister, Irena, from whom he had been separated in September 1944 in Mokotów, and that the details appeared to correspond, and would we please confirm.

My mother read it at her kitchen table on Barton Street. She read it three times. Then she put it down and went to the window and stood there with her back to me, for a very long time, and I saw her shoulders shaking, and I did not go to her, because I knew she did not want me to. After a while she turned around. Her face was wet and perfectly calm. She said, *Well. Now we know.* Exactly what she had said about my father, in the same voice. And then she said, *Irenka, we must buy a ticket.*

He had been wounded on the twenty-fourth of September, a shell fragment in the leg, in a street near the Królikarnia, and carried by someone he never knew into a cellar with other wounded, and when Mokotów surrendered he was taken with the wounded to a hospital, and then, because he was a soldier of the Home Army even though he was twelve, to a prisoner of war camp in Germany. He was liberated by the British in 1945. He went back to Warsaw, because that is where he thought we would be. He searched for us for two years, in the ruins, and at the Red Cross, and on the walls where people pinned their notices, in Warsaw this time, which were not the walls of Wildflecken, and by then we were already on the other side of the world. He was told we were dead, by someone who thought he knew. He believed it, and he went to live in Wrocław, which had been German and was now Polish and was full of people starting again, and he became an engineer, and married, and had three children, and built bridges.

It was his daughter who made the inquiry. She was seventeen. She had asked him about his family, for a school project, and he had told her, and she had said, *But Papa, did you ever check again?* And he had not, not since 1947, because it hurt too much. She checked. That is how it happened. A schoolgirl with a project.

We flew to Warsaw in June of 1973: my mother and I, with Stan and the children, on a Polish airline, LOT, from Montreal. At the airport in Warsaw, in the arrivals hall, there was a crowd behind a rail, and I looked at the faces, and I did not know which one he was. I had been eight. He had been twelve. Twenty-nine years.

My mother knew. She walked straight through the crowd to a tall gray-haired man with a limp and a bunch of carnations, and she stood in front of him, and she looked at him for ten seconds, the look that knew your measurements, and she said, *You have grown.* And he said, *Mama,* and dropped the carnations, and that was all either of them could say for a long time.

Then he looked over her head at me. He looked at me for a while. I was thirty-seven years old, a mother of two, a senior bookkeeper at the Steel Company of Canada, in a good navy suit. He said, *Mysza.* And I was eight years old on a cellar floor, and my brother was coming home.

---

## Chapter Thirteen: Parcels, and Stan

I have made it sound, I think, as if my life after 1948 was only a waiting for Janek, and then a finding of him. It was not. It was a life, a whole one, a Canadian one, with a mortgage and a station wagon and hockey practice at six in the morning and a husband who snored. I want to put some of that on the table too, because otherwise it would be a lie by leaving out, and my mother did not approve of those either.

Stan and I bought the house on Barton Street in 1974, with a down payment that was half our savings and half a loan from my mother, who insisted on interest, at one percent, because she said charity between family spoils both sides. It was a narrow brick house with a porch and a cherry tree and a basement that flooded every spring. Stan planted tomatoes in the back, and dill, and cucumbers for pickling, and a row of sunflowers along the fence, because in his village near Rzeszów every house had sunflowers. He worked at the steel company for thirty-eight years, on the floor, on the hot strip mill, and he came home every night gray to the eyebrows, the way my father had come home from the print shop, and he washed at the kitchen sink for a long time, and then he sat down and ate. He did not talk about the war. Not once, in forty-three years. He had been in a camp in Germany as a boy, a labor camp, and he had a scar on his back that he said was from a fence, and that is all I ever knew. I did not ask. That was the agreement of our generation, I think. We had been given a second life, and we did not want to spend it on the first one.

The children did not know. That is the truth, and it is the reason for this whole long story, I suppose. Andrew and Kathy grew up knowing that Babcia had come from Poland and that Mama had come from Poland, and that there had been a war, and that there was a suitcase under the bed that was not to be touched. They knew that when the siren at the fire hall was tested on Saturdays I went very quiet. They knew that I could not bear to throw away bread, not even the heel of a loaf, not even when it was moldy; I put it out for the birds, every piece, for sixty years. They knew that every year on the twenty-fourth of September their grandmother went to Mass alone. They did not know why. They did not ask. Children know what questions are forbidden much better than we think.

In December of 1981, the Polish government declared martial law, and the tanks were in the streets again, and the shops in Poland were empty, worse than empty, and we watched it on the television in Hamilton, my mother and Stan and I, and my mother said, exactly as my father had said on the twenty-eighth of September, 1939, *It is not over. It is only beginning.* And then she got up and went to the kitchen and began to make a list.

For the next eight years we sent parcels. Every Polish family in Hamilton did. The whole East End was a post office. We sent them to Janek in Wrocław, and to his wife's family in Opole, and to Stan's cousins near Rzeszów, and to the priest at Saint Michael's in Mokotów, and to anyone whose address we had. Flour and sugar and coffee and tea. Chocolate, Hershey's, always, because my mother insisted. Soap and toothpaste and razor blades. Jeans for the teenagers, which could be sold on the black market for a month's wages. Medicines. Sewing needles and thread, because my mother said a person who could sew could always earn something. Every parcel was packed on the kitchen table on Barton Street, by my mother, with her seamstress's hands, everything folded and fitted so that not a centimeter was wasted, and wrapped in brown paper, and tied with string, and addressed in her careful capitals. Some of them arrived. Some of them were opened and emptied by someone along the way. We sent more.

Janek wrote back. Once, in 1983, he sent a photograph of his youngest, Ania, wearing a pair of American jeans from one of our parcels, standing in front of a bridge he had built, with her hands on her hips and her chin in the air like a film star. On the back he had written: *She wears them to school every day. She tells everyone her aunt in Canada is a millionaire.* My mother laughed so hard she had to sit down. I had never heard her laugh like that. I think it was the first time since 1939.

Stan died in 2001, in the spring, in the garden, planting the sunflowers. A stroke. He was seventy-one. I found him on his knees among the seedlings, with his cap on, as if he had only stopped to look at something very closely. I have planted the sunflowers every year since. I am not much of a gardener. They come up anyway. Every August they look over the fence at Barton Street like a row of old men watching the traffic, and I sit on the porch with my tea and watch them back, and I tell Stan what has happened that week, and the sunflowers nod, which is more than he usually did.

---

## Chapter Fourteen: What Is in the Suitcase

Janek died in 2009, in Wrocław, at seventy-seven. We had thirty-six years. We wrote every week, and we telephoned on Sundays when the telephone became cheap enough, and he came to Hamilton eleven times and I went to Wrocław fourteen. He built bridges, real ones, over the Oder, and I have walked across three of them. His grandchildren and my grandchildren send each other messages on their phones in a mixture of Polish and English that neither of us would have understood. My mother died in 1991, at eighty-nine, in her own bed, in the house on Barton Street, with both her children holding her hands. She had, at the end, everything she had been looking west for.

And now I will open the suitcase, as I promised Kathy. Zosia is sitting beside me with the laptop. Andrew and Kathy are here too, on the sofa, pretending not to watch. The clasp is broken; it has been broken since 1948, when the customs man at Pier 21 forced it open and found nothing worth finding. Here is what is inside.

- A pillowcase, gray, from the cellar on Puławska Street, mended in four places by my mother.
- A photograph of four people in front of the lake in Łazienki Park, with peacocks behind them, summer 1939. The man is holding his hat. The boy is pulling a face. The small girl is holding her mother's hand and looking at the peacocks.
- A roll of cigarette paper, brown now, almost transparent, with pencil letters on it so small that I need my reading glasses and a magnifying glass: *Tell Mysza I will bring her a peacock.*
- A tin soldier, a Polish uhlan on a horse, with most of the paint worn off and one ear of the horse missing. It has guarded me for eighty-one years. It has done a good job.
- A yellow diamond of cloth with a purple P on it, cut from my mother's coat, which she kept, she said, so that we would remember what other people had decided we were.
- Half of a Hershey's chocolate wrapper, brown, folded very small.
- A blue ribbon, made from a scrap of a doctor's wife's dress, in 1940, in Warsaw.
- A white dress for a First Communion, made from a nightgown from Philadelphia, with lace at the collar.
- Twenty-six letters from the Red Cross, in a shoebox that does not quite fit, saying that there is no new information. And the twenty-seventh, which says that there is.
- A piece of paper, curling at the corners, water-stained, with my mother's handwriting on it: *Looking for Jan Kowalczyk, age 12, Mokotów.* I thought she had left it on the wall at Wildflecken. She had not. She had taken it down, on the last day, when I was not looking, and put it in my suitcase, under the Communion dress. I did not know it was there until this morning. I am eighty-nine years old, and my mother has surprised me again.

Kathy is crying. Andrew has gone to make tea, which is what the men in this family do instead of crying. Zosia is typing, and she has stopped twice to wipe her eyes, and she says the page is long enough now, and she is right.

I want to finish with something my mother said. Not in the war. In 1985, when she was eighty-three, at the kitchen table, when Zosia's mother, my daughter-in-law, asked her, very carefully, how she had survived all of it. My mother thought for a while. Then she said:

> You do the next thing. Then you do the next thing after that. You sew the seam that is in front of you. You put the flowers in front of the shrine, even if they are made of newspaper. Somebody has to. It might as well be you.

That is my story. It was in a suitcase under the bed for seventy-seven years, and now it is here, where you can see it, on the table. The truth does not need decorating. It needs only to be put where people can see it.

*Irena Nowak, née Kowalczyk. Hamilton, Ontario. Written with Zosia, who typed every word and argued about only some of them.*
`;
