import type { DemoStory } from '../story-types';

export const underTheValley: DemoStory = {
  title: 'Under the Valley: A Rhondda Collier Remembers',
  text: `
There is a valley under the valley. That is what nobody who has not been down can understand. Above, you have the Rhondda as the postcards show it: the terraces climbing the hillsides in long gray rows, chapel and pub and chapel and pub, the river at the bottom, the mountains green again now where they were black for a hundred years. And underneath, a thousand feet down and more, there is another valley, of roads and junctions and coal faces and ventilation doors, running for miles under the hills, with its own weather and its own dark and its own rules. For twenty-nine years I lived in both of them. I am seventy-nine now and I only live in the one on top. But the other one is still down there, flooded and sealed and silent, and some nights I can feel it under the house, like the memory of a tooth.

My name is Gareth Pryce. I was born in 1946 in Ferndale, in the Rhondda Fach, the little Rhondda, in a two-up two-down on Brynhyfryd Terrace, the third son of a collier who was the second son of a collier. There was never any question what I would do. The only question was which pit.

## The pit head

Maerdy Colliery was at the top of the valley, where the road runs out and the mountain begins. When I was a boy you could hear it from our house, day and night: the winding engine, the clank of the drams, the hooter at the change of shifts. My father went up the road to it at six every morning with his tommy box and his jack, his tin water bottle, and came down at three black from his cap to his boots, with only his eyes and his lips showing pink, and sat in the tin bath in front of the fire while my mother scrubbed his back. Every collier's wife in the valley scrubbed every collier's back, every day, for a hundred years. Nobody ever wrote a song about that, and somebody should.

I went down at fifteen, in the autumn of 1961. My father walked me up the road to the pit head himself, the first morning. He did not say much. He was not a talker, my father; he saved his voice for chapel and for the choir. At the gate he stopped and put his hand on my shoulder and said, *Listen to the roof, Gar. The roof will tell you.* And then he went to his own shift and I went to the lamp room, and a man gave me a lamp and a brass check with a number on it, 1147, and told me to hand the check in when I went down and collect it when I came up, so they would know, if anything happened, who was still underground. I carried that number for twenty-nine years. I would know it in my sleep. I have it still, on a string, on a nail by the back door.

The cage went down so fast the first time that my stomach stayed at the top. A thousand feet in under a minute, in the dark, with the wet walls of the shaft rushing past and the other men quite calm, talking about rugby. And then the bottom, and the lights of the pit bottom, and the smell. I cannot describe the smell. Coal dust and damp and horse, because there were still ponies in those days, and sweat and oil and something else, mineral, ancient, the smell of the inside of the earth. You never lose it. I still smell it sometimes in my dreams.

## Listening to the roof

My father was right about the roof. That is the first thing and the last thing a collier learns. You are working in a space cut out of solid rock, with a thousand feet of mountain sitting on top of you, and it is held up by timber props and steel arches and your own good sense. And the roof talks. It creaks and it ticks and it groans, and a good collier knows what every sound means. A little ticking is nothing, it is the rock settling. A crack like a rifle shot means move. A long low groan means move faster. Dust trickling down from a crack, just a little, like sand in an egg timer, means you drop your shovel and run, and you do not look back to see if you were right.

I learned to listen. We all did, or we did not last. I have been underground when the roof came in, three times, once close enough that it took the lamp off my cap and I had to crawl out in the dark by feel, following the rail. I have helped dig men out. Not all of them were alive.

I will not pretend it was only terrible. It was not. There was a comradeship underground that I have never found anywhere else, not in the army, which I did for two years, not in the choir, not in chapel. You trusted the men beside you with your life, every minute of every shift, and they trusted you with theirs. We laughed more down there than anybody would believe. Terrible jokes, filthy jokes, jokes you could not tell on top, in a thousand feet of dark. We sang, too, sometimes, at snap time, sitting on the floor of the roadway with our tommy boxes, a hymn or two, in harmony, because every man in the valley sang. I have heard *Calon Lân* sung by twelve men a thousand feet underground with nothing but their cap lamps for light, and I have heard it sung in the Royal Albert Hall by a choir of a thousand, and I will tell you which was better.

> Nid wy'n gofyn bywyd moethus,
> aur y byd na'i berlau mân.
>
> *I don't ask for a life of luxury, the world's gold or its fine pearls; I ask for a happy heart, an honest heart, a pure heart.*

## The ponies

When I went down in 1961 there were still ponies at Maerdy, not many, a dozen or so, for the roadways where the machines could not go. They lived underground, in stables cut out of the rock near the pit bottom, whitewashed, with electric light and fresh straw, and they came up to the surface only for the miners' fortnight in the summer, when the whole pit stopped. I will never forget seeing them come up the first summer I was there. They were brought up in the cage one at a time, and led out into the field behind the colliery, blinking, half blind with the daylight, and they stood there for a minute, not understanding. And then one of them, an old gray called Captain, put his head down and smelled the grass, and then he kicked up his back legs and ran, and the others ran after him, round and round that field like foals, and all the men leaning on the fence, hard men, men who had been down forty years, were laughing and cheering and some of them wiping their eyes.

My first job underground was with a pony. His name was Dandy, a little brown Welsh cob with a white star and a temper, and I was his driver, which meant I walked beside him leading the drams of coal from the face to the main haulage, up and down the same mile of roadway, all shift. Dandy knew that roadway better than I did. He knew every dip in the floor and every low place in the roof, and he would stop dead before them, and no amount of shouting would move him until you had checked and seen what he had seen. He knew how many drams made a journey, too. Hitch on one more than his number and he would stand there and refuse, and look at you over his shoulder, and you would unhitch it, because Dandy was right and you both knew it.

He saved my life once. We were coming down a roadway in the back of the district in my second winter, and he stopped, for no reason I could see or hear, and would not go on. I pulled at him. I swore at him, in Welsh and English. He stood like a chapel. And while I was standing there cursing him, about twenty yards in front of us, the roof came in. Not a big fall, a few tons, but enough. Enough for a boy and a pony. I stood in the dust with my hand on his neck and my legs shaking, and Dandy turned his head round and looked at me as if to say, *Well? Are you going to listen to the roof, or not?*

I gave him my snap that day, all of it, bread and cheese and the Welsh cake my mother had put in for a treat. He ate the lot. The last ponies came out of the Rhondda pits in the nineteen-seventies, and the men say that some of them, put out to grass for the rest of their lives, would still go and stand by the gate every morning at six, waiting for the shift.

## Snap time

I should say something about snap time, because it was the best part of the day, and because people think that underground there was only work and danger, and that is not right either.

Snap time was twenty minutes in the middle of the shift when you stopped, wherever you were, and sat down on the floor of the roadway with your back against the side, and opened your tommy box. Bread and cheese, mostly, or bread and jam, or bread and dripping, and if your mother or your wife was feeling generous a bit of cold meat or a Welsh cake. You drank cold tea from your jack. You turned your lamp off, to save the battery, so that the only light was the lamp of the man at the end of the line, and you sat there, a row of you, in the near dark, and you talked.

Everything was talked about at snap time. Rugby, always. Chapel. Politics, very fiercely; there were men at Maerdy who could quote Marx and the Book of Job in the same breath and see no contradiction. Women, of course, and children, and money, and the pub, and the price of everything. Old men told stories about the pit in the old days, about the explosions and the strikes and the ghosts, and the young men pretended not to believe them. And sometimes nobody said anything at all, and you just sat there in the dark, together, chewing, listening to the roof tick and the water drip and the ventilation hum, a thousand feet under the sheep and the chapels and your own front door. I have never felt so safe as I felt in those twenty minutes, in the most dangerous place I have ever been. I do not expect anybody to understand that. The men who were there understand it.

## Aberfan

On the twenty-first of October, 1966, I was twenty, and I was on the afternoon shift, and I had just come up. It was a Friday. Somebody came running across the yard and said something had happened at Aberfan, over in the next valley, at the school. A tip had come down.

You must understand what a tip was. Everything the pits brought up that was not coal, the stone and the slurry and the waste, was piled up on the mountainsides above the villages, in great black heaps, some of them hundreds of feet high. We grew up with them. We played on them as children. They were part of the landscape, like the chapels. And that morning, after weeks of rain, at a quarter past nine, the tip above Aberfan had slid down the mountain, a black river of it, and buried the junior school. The children had just gone in from assembly. They had sung *All Things Bright and Beautiful*. It was the last day before half-term.

We went. Every collier in South Wales who could get there went, still in our pit clothes, with our shovels and our lamps, in lorries and buses and cars and on foot. I was there by six. I dug all night. We all dug, in lines, passing the muck back hand to hand, in the rain, in the floodlights, and every so often somebody would shout and everyone would stop and there would be silence, complete silence, hundreds of men not breathing, listening for a sound under the muck. Listening, the way you listen to the roof.

There were no more sounds after eleven o'clock that morning. They told us that afterwards. Nobody was brought out alive after eleven. One hundred and forty-four people died, one hundred and sixteen of them children, most of them between seven and ten years old. We dug for a week. We brought them all out.

I am not going to write any more about Aberfan. I have never talked about it, not to my wife, not to my children. There are men I dug beside that week whom I saw for fifty years afterwards in chapel and in the pub and on the rugby terraces, and not once did any of us mention it. We did not need to. It was between us, always, like the valley under the valley.

I will say only this. It was not an act of God, whatever some people said at the time. It was the tip, and the tip was the coal board's, and the people in charge had been told, and told again, that it was not safe. When they talk about the price of coal, people mean the price per ton. That is not the price of coal. In our valleys we know the price of coal.

## Marian

I met Marian Hopkins at a dance at the Workmen's Hall in Ferndale in 1968. She was a nurse at the hospital in Llwynypia, with red hair and a laugh you could hear from the back of the hall, and she told me on the first dance that she had no intention of marrying a collier, because her father had been one and her brother was one and she had scrubbed enough backs in her life. We were married eighteen months later at Bethel chapel. She scrubbed my back for twenty-two years, every day, and never once complained, except every day.

We had three children: Rhys, Catrin and Owen. Not one of them went down the pit. That was the only promise I ever asked of them, and they kept it. Rhys is a teacher in Cardiff. Catrin is a nurse, like her mother. Owen went to London and does something with computers that he has explained to me four times. They all sing.

## The strike

In March of 1984 we came out on strike, and we stayed out for a year. I know there are people who will read this with opinions about the strike, on both sides, and they can keep them. I will only tell you what it was like in Maerdy.

Maerdy was the most solid pit in Britain. On the day the strike ended, in March 1985, there were several hundred men on the books at Maerdy, and not one of them had gone back to work. Not one, in a whole year. The newspapers called us Little Moscow. We called ourselves Maerdy.

It was a terrible year. There was no money. There was no coal for the fire, in a valley built on coal, and men went up on the tips in the night to pick through the waste for a few lumps, which was illegal, and which everybody did. The children went to school in shoes with cardboard in them. And the women ran everything. That is the part of the strike that people forget. The women of the valley set up food kitchens in the halls and the chapels, and fed every family, every day, for a year, with food that came in from all over Britain and further, from trade unions and churches and complete strangers. Marian ran the kitchen at the Workmen's Hall. She cooked for two hundred people a day on a budget of nothing and a great deal of shouting. I washed up. It was, I think, the happiest I have ever seen her. She said it was the first time in her life that the women of the valley had been in charge of anything, and she would not have missed it for the world.

On the fifth of March, 1985, we went back. We marched back, the whole pit, up the road from the village to the colliery gate, behind the lodge banner and a brass band, with our wives and children walking beside us, and people came out of every house on every terrace to clap. We had lost. Everybody knew we had lost. We marched back with our heads up anyway. My father, who was seventy-six, walked beside me the whole way. At the gate he put his hand on my shoulder, exactly as he had in 1961, and said, *There. Now you know what it costs.*

## The last shift

Maerdy closed on the twenty-first of December, 1990. It was the last working pit in the Rhondda. For a hundred and fifty years there had been coal mining in the two valleys, more than fifty pits, tens of thousands of men. And then there were none.

I was forty-four. I worked the last shift. When we came up, the last time, each man handed in his brass check at the lamp room, as we always had, and the man at the lamp room, who was called Dai Lamps, because every Dai in the valley was called something, hung each one on the board. When the last man was up, every hook on the board was full. Everybody was out. Nobody left underground. Dai looked at the board for a long time, and then he took it down off the wall, the whole board, with all the checks on it, and carried it out into the yard, and we stood round it in the rain, hundreds of us, and nobody said anything at all. And then somebody started *Calon Lân*, and we all sang it, and then we went home.

I kept my check. I was not supposed to. Everybody did.

## After

I went on the sick for a while, with my chest. Most of us had chests. Then I retrained, on a government scheme, as a gardener, of all things, with the council, planting trees on the old tips. I did that for seventeen years. There is a hillside above Ferndale where the old Maerdy tip used to be, black as your hat when I was a boy, and it is green now, oak and birch and rowan, and I planted about a third of them with my own two hands. I like to walk up there on a Sunday and sit under the trees. It is very quiet. You would never know. That is the strangest thing about it. You would never know.

Marian died in 2016. Her heart. I sing in the Treorchy Male Choir, second bass, and have done since I was thirty, and the choir sang at her funeral, at Bethel, and I did not sing, I could not, and the man next to me, a retired bus driver called Emlyn, held my arm the whole way through and sang my part as well as his own.

## The price of coal

My grandchildren ask me about it sometimes. They have done the mining at school, in history, and they come home with worksheets and questions, and one of them, Ffion, who is eleven and sharp as a tack, asked me last year: *Taid, why did you do it, if it was so dangerous?*

I thought about it for a long time. Then I told her the truth. I said: because my father did. Because there was nothing else. Because the valley ran on it, every shop and chapel and school and rugby club, and without the pits there would have been no valley at all. Because the men were the best men I have ever known. And because, God help me, there were days, underground, with the lamps and the singing and the roof holding, when I would not have been anywhere else on earth.

She wrote it all down on her worksheet. Then she asked if she could see the check. I took it down off the nail by the back door and gave it to her. 1147. She held it for a while. She said, *So they'd know who was still underground.* I said, *That's right, cariad.* She said, *And everybody came up?*

I said: *In the end, everybody came up.*

It is not quite true. But it is true enough, for eleven, and for a Sunday, and for a hillside full of trees where the tip used to be.
`,
  comments: [
    [
      'maren.holt',
      '"In our valleys we know the price of coal." And on our islands we know the price of fish. Thank you, Gareth. I will not forget the brass check.',
    ],
    ['gareth.pryce', 'Diolch, Maren. Your gulls and my roof. Same lesson: listen, and leave for home when it tells you.'],
    ['sticks.baptiste', 'Men singing a thousand feet underground. That is where the music comes from too. God bless you and your valley.'],
    ['irena.nowak', 'The women ran everything. Yes. They always do, in the bad years, and then nobody writes it down. You wrote it down.'],
    [
      'ollie.pike',
      "We had Welsh miners' families come to our village in Herefordshire in '84 for a week's holiday, organised by the chapel. I was a boy. I never knew what they went back to. Now I do.",
    ],
    [
      'bea.reads',
      'Dai Lamps taking the board down into the yard. I have read a lot of books about the strike and nothing has hit me like that.',
    ],
  ],
};
