import type { DemoStory } from '../story-types';

export const theDarkestSky: DemoStory = {
  title: 'The Darkest Sky on Earth: An Astronomer in the Atacama',
  text: `
The first time I saw the Milky Way properly, I was seven, and I was lying on my back in a field of cut hay in the Auvergne, in the middle of France, with my father. It was August, the night of the Perseids, the shooting stars, and he had woken me at two in the morning and carried me out in a blanket because, he said, there were things a person should see before they were old enough to be cynical about them. We lay there for an hour. I counted forty-one meteors. But it was not the meteors I remember. It was the band of light across the whole sky, from one horizon to the other, like spilled milk, like smoke, like a river, and my father's voice in the dark saying, *That is us, Amélie. We are inside that. We are looking at our own house from the inside.*

I have spent my whole life since then trying to understand what he meant. I am forty-five now. I am an astronomer. I have worked for sixteen years at the great observatories in the Atacama Desert in Chile, where the sky is darker and drier and clearer than anywhere else on Earth, and I have looked, through instruments my father could not have imagined, at the birth of stars in clouds of dust ten thousand light years away. And I am still, most nights, that child in the hay field, counting.

My daughter, who is twelve and finds everything I do embarrassing, says I should write this down before I forget it. I told her astronomers never forget anything; we keep logs. She said, *Maman, a log is not a story.* She is right, as she increasingly is. So here is the story, with some of the log in it, because I cannot help myself.

## The volcanoes

I grew up in a village near Saint-Flour, in the Cantal, on a farm that had been in my father's family since before the Revolution. The Auvergne is a country of old volcanoes: round green hills that were once mountains of fire, now covered in grass and cows and little stone churches. It is a place where the land remembers. My father used to say that you could feel it under your feet if you stood still long enough, the old heat, deep down.

He was a dairy farmer, and he had left school at fourteen, and he was the most curious man I have ever known. He read everything. In the evenings, after the milking, he sat at the kitchen table with library books on geology, botany, the history of the Romans, the lives of the saints, and above all astronomy. He had a pair of old army binoculars and a star atlas with a broken spine, and on clear nights he went out into the yard after supper and looked up, for a long time, with his hands in his pockets, and then came in and wrote something in a notebook. I did not know what he wrote. When he died, I found out: it was a list of every clear night for thirty-one years, with the date, the temperature, and one line about what he had seen. *Jupiter very bright beside the moon. The Pleiades, all seven, Amélie counted them. A satellite, going north, slow.*

So he kept a log too. I did not know that until I was forty.

My mother was practical, and worried, and thought that the stars were all very well but that the cows did not milk themselves. She was right about that. But she was also the one who drove me to Clermont-Ferrand, ninety minutes each way, every Wednesday afternoon for three years, to the astronomy club at the university, where a retired professor with a beard and a very loud voice let the children use the small telescope on the roof. She never came up to the roof. She sat in the car in the car park and knitted. I asked her once, much later, why she did it, when she thought it was all so impractical. She said, *Because your face, when you came down.*

## Learning to see

I studied physics at Clermont, then did my doctorate in Grenoble, in the Alps, on the formation of massive stars. I will try to explain what that means without boring you, because my daughter says I always bore people at this point.

Stars are born in clouds. Enormous, cold, dark clouds of gas and dust, floating between the stars, much bigger than our whole solar system. Inside these clouds, in places, gravity pulls the material together, slowly, over hundreds of thousands of years, into dense knots, and the knots get denser and hotter until, at the center, the pressure becomes so great that hydrogen begins to fuse into helium, and a star switches on. All the stars you have ever seen were born like this. The Sun was born like this, four and a half billion years ago, in a cloud that no longer exists. The atoms in your body were made inside older stars that lived and died before the Sun was born. My father would have said it better. He would have said: we are the ash of old fires.

The trouble with studying star birth is that it happens inside the clouds, and the clouds are full of dust, and the dust blocks visible light. You cannot see it with an ordinary telescope. You see only darkness, black patches against the Milky Way, like holes in the sky. To see inside, you must look at longer wavelengths: the infrared, and beyond that the millimeter and submillimeter waves, which pass through the dust and carry the heat and the chemistry of what is happening inside. And to see those, you must get above the water vapor in the Earth's atmosphere, which absorbs them. You must go very high, and very dry.

You must go to the Atacama.

## Arriving

I arrived in Chile in the autumn of 2009, which is spring in the southern hemisphere, for a postdoctoral fellowship at the European Southern Observatory. I was twenty-nine. I had two suitcases, a laptop, a very bad command of Spanish, and a winter coat that my mother had insisted on and which I did not need for the first three months and then needed desperately for the next sixteen years, because the desert at night is colder than anyone believes.

My first posting was to Paranal, where ESO has the [Very Large Telescope](https://www.eso.org/public/teles-instr/paranal-observatory/vlt/): four great telescopes, each with a mirror eight meters across, on top of a mountain at two thousand six hundred meters, in the driest part of the driest desert on Earth. There is nothing at Paranal. I want you to understand that. No plants, no insects, no birds. No water but what comes up in tanker trucks. Brown and red and ochre rock, in every direction, to the horizon, under a sky so blue it is almost black at midday. On the western side, far below, you can see the Pacific, and most afternoons a sea of white cloud lies over the ocean, flat as a table, and the sun sets into it, and then the sky goes dark, and then the stars come out.

I had been studying astronomy for ten years, and looking at photographs of the sky for longer, and I was not prepared for the sky at Paranal. Nobody is. The first night, I walked out of the control building at eleven o'clock, away from the lights, which are kept very dim, red, so as not to spoil anybody's eyes, and stood on the platform between the telescopes and looked up, and I could not speak. The Milky Way was not a band. It was a structure. You could see its shape, the bulge of the center rising over the southern horizon, the dark lanes of dust running through it like rivers through a delta. You could see the Magellanic Clouds, two little galaxies, companions of ours, like smudges of breath on glass. There were so many stars that the constellations I had learned as a child in the Auvergne disappeared among them; there were too many to find the patterns. And the light. There was enough light from the stars alone that I cast a shadow. I stood on a mountain in Chile and looked down at my own shadow, made by the Milky Way, and I thought of my father in the hay field. *We are looking at our own house from the inside.*

I telephoned him the next morning. It was afternoon in France. He was in the milking parlor; I could hear the cows. I tried to describe it and could not, and cried, and he listened, and when I was finished he said, *Did you write it down?* I said yes. He said, *Good. Then it happened.*

## The work

People imagine astronomers at night with their eye to a telescope. That is not how it is now, and has not been for fifty years. We sit in a warm control room, with many screens, and coffee, and music if the night is long, and the telescope is up the hill in its dome, in the cold and the dark, moving as we tell it. We work from long lists of observations, requested by scientists all over the world, and each night we choose which to do based on the weather, the moon, the turbulence of the air, and a great deal of arithmetic. It is more like being an air traffic controller than a poet. And yet. At four in the morning, when the data comes in, and you see on the screen, for the first time, for the first time in human history, the detail of something in a cloud nine thousand light years away, a disk of dust around a young star, a jet of gas shooting out of its poles, then you are a poet, whether you like it or not.

This is the log of one of my nights, not a special one, copied from my own notebook. I have kept a notebook since Paranal, like my father, on paper, in pencil, because pencil works in the cold and does not need electricity.

| Local time | What | Notes |
|---|---|---|
| 19:40 | Sunset over the cloud sea | Green flash! Third one this month. |
| 20:15 | Calibrations | Seeing 0.6 arcseconds, humidity 4 percent. Very good. |
| 21:00 | First target: young star cluster in Carina | Three hours. Coffee. |
| 00:10 | Wind rising from the north | Watching it. Dome at limit. |
| 00:40 | Wind dropped | Continue. A fox on the road, looking for scraps. Where does he drink? |
| 01:30 | Second target: dark cloud in Ophiuchus | The beautiful one. Jets visible in first frames. |
| 04:50 | Zodiacal light in the east | The faint glow of dust in our own solar system. Papa would love this. |
| 06:20 | Dawn, close the dome | Twenty-one frames, all good. Bed. |

## ALMA

In 2012 I moved to [ALMA](https://www.almaobservatory.org/), the Atacama Large Millimeter/submillimeter Array, which was then just beginning its work. ALMA is not one telescope but sixty-six antennas, great white dishes, seven and twelve meters across, spread across the Chajnantor plateau at five thousand meters, near the border with Bolivia and Argentina. Working together, linked by computers, they act as a single telescope kilometers wide. They see the cold universe, the millimeter waves, the dust and gas where stars and planets are born. For someone who studies star birth, ALMA is what the cathedral at Chartres is to someone who studies stained glass. I had dreamed of working there since Grenoble.

Five thousand meters is very high. It is higher than any mountain in Europe. There is half as much oxygen in each breath as at sea level, and the body does not like it. You get headaches, and you cannot sleep, and you make mistakes with simple arithmetic, which, for an astronomer, is humiliating. So nobody lives at five thousand meters. The control room and the living quarters are lower down, at the Operations Support Facility, at two thousand nine hundred meters, which is high enough, thank you, and you go up to the plateau only when you must, after a medical check, with a bottle of oxygen and a blood-oxygen meter on your finger and a driver who knows the road.

I went up many times. This is what we were told to carry, and what I learned to carry, which is not the same list:

- oxygen, a small bottle with a mask, and the clip on your finger that beeps when you need it (the official list)
- water, more than you think, because the air takes it from you with every breath (the official list)
- sunscreen, sunglasses, a hat, because the ultraviolet at that height will burn your eyes (the official list)
- chocolate, because your brain needs sugar and because it is five thousand meters and you deserve it (my list)
- a notebook and a pencil, because the ideas come up there, in the thin air, and they vanish if you do not catch them (my list)
- a photograph, of whoever you need to come home to (everybody's list, nobody says it)

The plateau is the strangest place I have ever stood. It is a flat, high plain of reddish rock and pale gravel, ringed by volcanoes, some of them snow-capped, some of them still, faintly, smoking. The sky at midday is not blue; it is the deep blue of ink, almost violet, because there is so little air above you to scatter the light. There is snow in the shadows even in summer. There is wind, always, dry as paper. And in the middle of it, sixty-six white dishes, all turned to the same point in the sky, moving together, silently, like a field of flowers following the sun. The first time I saw them all turn at once, to a new target, I laughed out loud and my oxygen meter beeped at me.

## The land

I must say something about the land, because the telescopes did not come to an empty place, whatever we astronomers liked to think in the early days.

The Atacama is the home of the Lickan Antay, the Atacameño people, who have lived in the oases and the high valleys of the desert for thousands of years, and who looked at the sky over Chajnantor long before any European did, and named it. *Chajnantor* is a word in their language, Kunza, that means, as it was explained to me, the place of departure, or the place from which one flies. They had their own astronomy: they saw not only the constellations of stars, but the dark constellations, the shapes of the black clouds of dust against the Milky Way, the llama and the fox and the partridge, the same clouds that I study now with sixty-six antennas. I studied the dark clouds for twenty years before anyone told me that the people who lived below the telescopes had been reading them for millennia.

There are agreements now, between the observatories and the communities, and programs, and scholarships, and people from the villages working at ALMA as engineers and technicians and guides. It is not enough, and it is better than it was, and I am not the right person to say more. But I wanted to write it down. When I look at the dark clouds now, I try to see the llama too.

## Matías

I met my husband in 2011, in San Pedro de Atacama, the oasis town at the foot of the plateau, at a party at a hostel that I had been dragged to by a Dutch engineer who said I worked too much. He was a geologist, Chilean, from Santiago, working on the volcanoes. He told me, in the first five minutes, that astronomy was merely geology that was very far away. I told him geology was merely astronomy that had fallen down. We argued until three in the morning, on the roof of the hostel, under the Milky Way, and at three he pointed up at the Magellanic Clouds and said, *Those are made of rocks too, you know.* And I said, *Everything is made of stars, Matías, even your rocks.* And he kissed me, to end the argument, which is still his method.

We married in Saint-Flour, in the little church near my parents' farm, in the summer of 2012. My father walked me down the aisle, in a suit that was too small, and at the reception he took Matías outside into the yard, at midnight, and showed him the Milky Way over the Auvergne, which looked, after the Atacama, like a photograph that has faded. Matías told me afterwards that my father had said only one thing, in French, which Matías did not speak well: *Elle regarde toujours vers le haut. Toi, tu regardes vers le bas. C'est bien. Il faut les deux.* She always looks up. You look down. Good. You need both.

We have two children, Inès, who is twelve, and Tomás, who is nine. They were born in Santiago. They speak Spanish and French and a great deal of teenage English. They have seen more of the sky than any children I know and are, for the moment, completely uninterested in it. Inès wants to be a lawyer. Tomás wants to design video games. My father would have said that is fine: the sky will wait. It is good at waiting.

## The earthquake

On the twenty-seventh of February, 2010, at three thirty-four in the morning, I was asleep in a borrowed apartment in Santiago, on leave from Paranal, when the ground began to move. Not a shaking. A rolling, like a boat, enormous and slow, that went on and on. Books fell. Glass broke. The building groaned like an animal. Outside, in the dark, car alarms were going off all over the city, and dogs barking, and people shouting, and under all of it a deep noise that I can only describe as the sound of the whole earth clearing its throat. It lasted almost three minutes. Magnitude eight point eight. One of the largest earthquakes ever recorded.

I lay on the floor of the apartment, under the doorframe, as I had been told to do, and I was more frightened than I have ever been in my life, and at the same time, and I am ashamed of this, a small cold part of my mind was thinking: *So this is what it feels like. The planet is alive.* I had spent my life studying the violence of the universe, stars exploding, clouds collapsing, and it had always been far away, on a screen, beautiful. Now it was under me.

Five hundred people died in that earthquake, most of them in the tsunami that followed on the coast to the south. Chile is a country that knows about earthquakes; the buildings in Santiago are built for them, and most of them held. The Chileans were calm, in the days afterwards, in a way I have never forgotten. Neighbors I had never met knocked on my door to see if I was all right. A woman from the apartment below brought me bread and coffee and sat with me for an hour, and told me about the earthquake of 1960, when she was a girl, the biggest ever recorded, and how the sea went out and came back. She said, *Here we live on top of something that moves. So we learn to hold on to each other.* I married a geologist. I think I was trying to understand her.

## The eclipse

On the second of July, 2019, a total eclipse of the Sun crossed northern Chile, and ALMA and all the observatories stopped work for the afternoon, and we all drove down to the valleys to watch it like everybody else. I went with Matías and the children, and my mother, who had flown over from France for the first time, at seventy-three, because my father had died the winter before and she had decided, she said, that she was going to see what the fuss was about.

We watched it from a hillside near La Serena, with ten thousand other people, Chileans and tourists and scientists and families with picnics and dogs. The Moon moved across the Sun, slowly, a black bite out of the light. The air went cold. The birds stopped singing. The light went strange, silver and sharp, with shadows like knife edges. And then, at four thirty-eight in the afternoon, the last bead of sunlight vanished, and the corona came out, the Sun's pale outer atmosphere, streaming out around the black disk in every direction like white hair in the wind, and the stars appeared in the middle of the afternoon, and ten thousand people on the hillside screamed and cheered and cried.

My mother did not scream. She stood beside me with her hand on my arm, looking up through the dark glasses that were not needed any more, and I heard her say, very quietly, in French, *Oh, Bernard.* My father's name. *Oh, Bernard, tu aurais adoré ça.* You would have loved this. Two minutes and thirty seconds. Then the light came back, and she took off the glasses and wiped her eyes and said, to me, in her practical voice, *Well. Now I understand your face, when you came down from the roof.*

## My father's log

My father died in January 2019, in his sleep, in the farmhouse, at seventy-eight. I flew back for the funeral. It was a clear night, very cold, and after everyone had gone home I went out into the yard where he used to stand, with my hands in my pockets, and looked up. The Milky Way over the Auvergne, faded and gentle, the stars I learned as a child in their old patterns. Orion. The Pleiades. I counted them: all seven.

The next morning I found his notebooks, in a box in the cupboard under the stairs. Thirty-one years of clear nights. I read them all, on the flight back to Santiago, fourteen hours, while everybody else on the plane slept. Most of the entries are short. The weather, the moon, a planet, a satellite. Some are longer. On the night of the Perseids, the night in the hay field, the entry says: *A. counted forty-one. She did not look at the meteors. She looked at the Milky Way the whole time. I think she will go far.* And on the night in 2009 when I telephoned him from Paranal, crying, the entry says only: *Clear. A. saw the real sky today. Cast a shadow by starlight, she says. Can that be true? I will believe it.*

The last entry is from December 2018, three weeks before he died. *Clear, cold. Jupiter low in the southwest. I am getting old for standing in the yard. But it is all still up there. It is good to know it will go on.*

## What the sky is for

I have been asked, in interviews and at dinner parties and by my own children, what the point of it all is. Astronomy. Billions of euros on telescopes in a desert, to look at clouds of dust that are thousands of years away, which will never cure a disease or feed a person or stop a war. I used to give the official answers: technology, education, the spin-offs, the Wi-Fi, which really did come partly from radio astronomy. They are true. They are not the reason.

The reason is the hay field. The reason is a dairy farmer in the Auvergne who left school at fourteen and stood in his yard every clear night for thirty-one years, with his hands in his pockets, and wrote down what he saw, because he wanted to know where he was. That is all astronomy is. It is people, standing in the yard, wanting to know where they are. We have better instruments now. The question is the same.

I go up to the plateau less often now. I do more teaching, more committees, more writing of proposals, which is the unglamorous work of a senior scientist. On Saturdays, when I can, I go to the school in San Pedro and take a small telescope, and the children look through it at the Moon and Saturn and shout. Some of them are the grandchildren of the Lickan Antay, and they already know the dark constellations, the llama and the fox, and they teach me. I write in my notebook every clear night, which in the Atacama is most of them. In pencil. Like my father.

My daughter says a log is not a story. I think, now, that she is wrong, and that my father knew it. A log is a story told by someone who does not yet know how it ends. You write down what you see, night after night, and you trust that one day, somebody, reading it on a long flight, will understand.

*Clear. Cold. The Milky Way from horizon to horizon. It is all still up there. It is good to know it will go on.*
`,
  comments: [
    [
      'bearcountry',
      'Thirty-one years of clear nights in a notebook. I kept a logbook in a backcountry cabin for thirty-one years too. Your father and I would have had a lot to talk about.',
    ],
    [
      'kavya.codes',
      'A log is a story told by someone who does not yet know how it ends. I am putting this in our team handbook under "why we write commit messages."',
    ],
    ['konbini.kenji', 'Casting a shadow by starlight. I looked it up and it is real. I want to go.'],
    ['amelie.vasseur', 'Kenji, it is real. If you ever come to San Pedro, write to me, the telescope on Saturdays is free.'],
    ['irena.nowak', '"Oh, Bernard." I had to stop for a while. Your mother is a woman after my own mother\'s heart.'],
    [
      'ruth.ellingson',
      "She always looks up, you look down, you need both. Your father would have made a good farmer's wife. I mean that as the highest compliment.",
    ],
    ['bea.reads', 'I went outside after reading this and stood in the yard for ten minutes. Only saw Jupiter and a plane. Still counts.'],
    ['eleven.schools', 'we did the eclipse at school in colorado in 2017 (school #9). nobody cried. now i wish we had'],
  ],
};
