// The Suitcase Under the Bed, chapters 4-6 (the tram, the arrest, the Uprising).
export const part2 = `
---

## Chapter Four: The Tram

There is something I must write about that I have not spoken of to many people. I have thought for a long time about whether I have the right to write it, because it did not happen to me. It happened in front of me. I have decided that that is a kind of right, and also a kind of duty.

In the autumn of 1940 the Germans built a wall around the part of Warsaw where the Jews lived, and then they forced all the Jews of the city to move inside it, and all the Jews from the towns around, until there were four hundred thousand people in a space where perhaps a third of that number had lived before. They called it the *Jüdischer Wohnbezirk*, the Jewish residential district. We called it the ghetto. It was in the north of the city, far from Mokotów, and as a small child I did not see it and did not understand what it was. I knew only that there was a wall, and that on the other side of the wall there were people who were not allowed out.

For a time, some of the trams still ran through it. They did not stop. The doors stayed shut, and a policeman stood on the platform, and the tram went straight through, from one gate to the other, and the people on the tram were not supposed to look out of the windows. My mother had to go to the north of the city once, in the spring of 1941, to deliver a coat to a customer, and she took me with her because there was no one to leave me with, and the tram went through.

I was five. I looked out of the window. Of course I did. I was five.

I saw a street that was so full of people that they could not all walk on the pavement, and they walked in the road, slowly, as if they were very tired. I saw a man in a good coat selling one shoe. I saw children my own age, thin, so thin, sitting on the curb with their hands out. I saw a girl with a red ribbon in her hair. I do not know why I saw her in particular among all those people. Perhaps because I had a ribbon too, a blue one, that my mother had made from a scrap of a customer's dress. The girl was standing on the corner holding a smaller child by the hand, and she looked up at the tram as it passed, and for a moment she looked at me. Straight at me, through the glass.

My mother put her hand over my eyes. Not roughly. Gently, the way you close the eyes of someone who has died. And she held it there until the tram had gone out through the other gate, and then she took it away, and we did not speak all the way to the customer's house, and we did not speak all the way home. At home she went into the bedroom and closed the door, and I heard her crying, which I had never heard before, and then I heard the sewing machine begin, very fast, and it did not stop until late at night.

I have thought about that girl for eighty-four years. I do not know her name. I do not know what happened to her, except that I know what happened to nearly all of them, the four hundred thousand, and I have no reason to think she was one of the very few. In 1943, when the last of them rose up and fought, in April, at Easter, we could see the smoke from Mokotów, a great black column over the north of the city, for weeks. My father stood at the window and watched it with his hands in fists at his sides. He said, *They are fighting. They are fighting with nothing.* And then he went out, after curfew, to his cellar on Chocimska Street, and I know now that the *Biuletyn* he printed that night told the whole city what was happening behind the wall, when the German newspapers said nothing at all. It was not enough. Nothing anyone did was enough. But he did not say nothing.

I have a granddaughter with a red ribbon in her hair, in a photograph on my refrigerator, from her first day of school. Every morning I look at it. Every morning I think of the girl on the corner. I am writing her down here so that somebody besides me will have seen her.

---

## Chapter Five: The Night They Took Papa

They came for my father on the night of the fourteenth of October, 1943. It was a Thursday. I know because on Thursdays my mother made *kopytka*, potato dumplings, and there was a plate of them still on the table, going cold, when the knocking began.

It was three in the morning. That is when they always came. There was a knocking at the downstairs door that was not a knock, it was a beating, with rifle butts, and then boots on the stairs, many boots, and then the knocking at our door, and my father was already up and dressed, as if he had been waiting, and perhaps he had. He kissed my mother. He came into the room where Janek and I slept and he knelt by my bed and he put his hand on my head. He smelled of tobacco and peppermint and ink. He said, *Mysza, be good for Mama.* He had never called me Mysza before. That was Janek's name for me. I think he said it because he wanted me to know that he knew everything about us, even the small things, even the names we had for each other. And then he stood up and went out and opened the door himself, before they could break it.

Someone had informed. We never found out who. There were people who did that, for money, or for fear, or for a hundred reasons, and after the war my mother would not allow anyone to speculate about it in her house. She said that the person who did it would have to answer to God, and that was a far worse court than any we could make.

They took him to Pawiak, the prison on Dzielna Street, where the Gestapo held the people they arrested. My mother went there every day for three weeks with a parcel: bread, a clean shirt, his cigarettes. Sometimes they took the parcel. Sometimes they did not. Once the shirt came back in the laundry, the way they sometimes returned the dirty laundry to the families, and my mother unfolded it on the kitchen table and found, sewn into the hem in my father's careful printer's stitches, a tiny roll of cigarette paper, and on it, in pencil, in letters so small she needed her sewing glass to read them:

> Helka, I am well. They have not broken anything important. Keep the children at their lessons. Tell Janek he is the man now but not to be stupid about it. Tell Mysza I will bring her a peacock. I love you. J.

That was the last we heard from him. In November he was sent with a transport to a camp called Gross-Rosen, in Silesia. We did not know that for many years. We did not know anything. He simply was not there any more, and the laundry stopped coming back, and the man at the gate of Pawiak said only, *Transported*, and closed the window.

My mother did not cry in front of us, not once. She sat at the sewing machine and she sewed. She sewed for everyone, day and night, dresses and coats and shirts and shrouds, and she taught me to sew buttons and hems so that I could help, and she sang, sometimes, the old village songs, but slower now. Janek stopped going to his secret classes. He said he was the man now, and that he had work to do. He was eleven years old.

---

## Chapter Six: August 1944

I must tell this chapter quickly, because if I tell it slowly I will not be able to tell it at all.

On the first of August, 1944, at five o'clock in the afternoon, the Home Army rose up against the Germans. All over the city, at once, the young men and women who had been waiting for five years came out of the cellars and the attics with whatever weapons they had, and there were not many, and they fought. They thought the Russians, who were across the river, would help. The Russians did not help. They sat on the other bank of the Vistula and watched for sixty-three days while the city burned. I will not say more about that. I am too old to be fair about it, and my mother taught me that if you cannot be fair you should at least be quiet.

Janek was twelve. He was a runner for the Home Army in Mokotów, a messenger, one of the *Szare Szeregi*, the Gray Ranks, the boy scouts who carried letters and orders through the sewers and over the rubble between the positions, because they were small and fast and could go where grown men could not. My mother did not know until the third day. When she found out she took him by the shoulders in the kitchen and shook him, once, very hard, and then she held him so tightly that he could not breathe, and then she let him go. She did not forbid him. I have never understood how she did not forbid him. I asked her once, many years later, in Canada, when we were washing dishes. She was quiet for a long time. Then she said, *Because your father would have gone. And because he would have gone anyway.*

We lived in the cellar again. This time it was worse. This time the Germans were not only bombing from the air; they were in the streets, with tanks and with flamethrowers, and they were going from building to building, and what they did to the people they found in some districts, in Wola, in Ochota, in the first week, I will not write. It is in the history books. Mokotów held out longer than almost anywhere else. For eight weeks the fighting went on in the streets around us, and we lived underground, in the dark, with forty people and one bucket, and the water came from a well in the courtyard that someone had dug by hand, and the women went out to get it under fire, and sometimes they did not come back.

Janek came back. Every time. He came down into the cellar at night, filthy, smelling of the sewers, with his armband on and his eyes too old, and he sat with my mother and me and ate whatever there was, and he did not talk about what he had seen. Once he brought me a present: a little tin soldier, a Polish uhlan on a horse, that he had found in the rubble of a toy shop on Puławska. He said, *For Mysza. So you have someone to guard you while I am out.* I have it still. It is in the suitcase. I will tell you about it when I get to the end.

On the twenty-fourth of September, Janek went out and did not come back.

We waited. There was nothing else to do. Three days later, on the twenty-seventh, Mokotów surrendered. The Germans came down into the cellars and ordered everyone out, with their hands up, and we came up into the daylight, which hurt our eyes after so long, and the city was gone. Not damaged. Gone. I looked for the yellow building and could not find it. I found the courtyard by the shrine. The Virgin was still there, on her pedestal, with her face blackened by smoke and one of her hands broken off. There were no flowers. That was the moment I understood that everything was over.

My mother took one thing from the cellar. The suitcase, the brown one? No, not yet, that came later. She took a pillowcase, with a loaf of bread, two shirts, the little roll of cigarette paper with my father's message, a photograph of the four of us at Łazienki Park with the peacocks behind, and the tin soldier. And she took my hand. And we walked, with thousands of others, in a long gray column, out of Warsaw, and she did not look back, and she would not let me look back either. She said, *Forward, Mysza. Only forward now.*
`;
