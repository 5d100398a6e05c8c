import type { DemoStory } from '../story-types';

export const keepingTime: DemoStory = {
  title: 'Keeping Time: Fifty Years Behind the Drums',
  text: `
Everybody in a band has a job. The horns get the melody and the girls. The piano gets the chords and the good chair. The bass gets the bottom and nobody's attention. And the drummer? The drummer keeps time. That's it. That's the job. Sounds simple. I been doing it for sixty years and I'm still learning what it means.

They call me Sticks. My mama named me Lionel Augustin Baptiste, after two uncles and a saint, and I answered to it until I was eleven years old, when Mr. Percy Hill heard me beating on a lard can on the steps of the Backstreet Cultural Museum, before it was a museum, when it was just a funeral home with a good porch, and he said, *Boy, you got sticks in your hands and sticks in your head.* It stuck. Sticks. I been Sticks in New Orleans and New York and Paris and Tokyo and a Holiday Inn in Des Moines, Iowa, where the manager tried to pay us in drink tickets. I am seventy-two years old and my grandbabies call me Paw-Paw Sticks, and that's about the best thing anybody ever called me.

My grandson Jerome typed this up. I talked and he typed. He said, *Paw-Paw, slow down*, about two hundred times. I said, *Boy, I don't do slow. I do tempo.* He said that's the same thing. He's wrong, but he's a good typist, so I let it go.

## The Tremé

I was born in 1953 on St. Philip Street, in the Tremé, which if you don't know is the oldest Black neighborhood in America, right behind the French Quarter, and which is where the music comes from. Not *some* of the music. The music. You can argue with me about that. You'll lose.

When I was a boy there was music on every corner and in every church and at every funeral, and there were a lot of funerals. That's the thing people don't understand about New Orleans. We bury our people with a brass band. Slow on the way to the cemetery, a dirge, *Just a Closer Walk*, everybody in their Sunday black, the horns crying. And then, after, when the body's in the ground, the snare drummer hits a roll, and the bass drum answers, and the whole band turns around and comes back swinging, and everybody in the neighborhood falls in behind them dancing in the street, with handkerchiefs and umbrellas, and that's the [second line](https://en.wikipedia.org/wiki/Second_line_(parades)). You cry going, and you dance coming back. That's New Orleans in one sentence. That's life in one sentence, if you want my opinion, and you're reading my story, so I guess you do.

I fell in behind my first second line when I was four. My mama turned her back for one minute on Claiborne Avenue and I was gone, following the bass drum, and she found me six blocks later, dancing on the curb with a man twice my size who was teaching me to strut. She whipped me good. Then she bought me a snow ball. That was my mama. Justice and mercy, in that order, every time.

## The lard can

We didn't have money for a drum kit. We didn't have money for a lot of things. My daddy worked on the docks, loading bananas off the boats from Honduras, and he came home every night smelling like bananas and sweat and he fell asleep in his chair with his shoes on. My mama cleaned houses Uptown. There were six of us kids in three rooms, and whatever noise you made, somebody else had to hear it.

So I played on everything. Pots. The porch rail. My little brother's head, one time, which I regret. A lard can from the corner store, a big one, five gallons, turned upside down, with two pieces of broom handle my uncle cut down for me. I played it on the porch every evening after school, along with whatever was coming out of the radio or out of Miss Alma's window across the street, where she played Fats Domino records until eleven at night and nobody complained because it was Fats.

Mr. Percy Hill played snare with the Olympia Brass Band. He was a little man, no bigger than me at eleven, with a gold tooth and a hat he never took off, not even in church. He'd been walking by our porch for a month before he stopped. He listened for a while, and then he said the thing about the sticks, and then he said, *Come by Saturday.* And Saturday I went by, to his house on Ursulines, and he had a real snare drum, and he put it in front of me, and he put a pair of real sticks in my hands, hickory, and he said, *Now. Show me what the lard can taught you.*

I played for about thirty seconds and then he took the sticks away. *The lard can taught you to be loud,* he said. *Now I'm gonna teach you to be right.*

## What Mr. Percy taught me

He taught me for seven years, every Saturday, for nothing, because somebody had taught him for nothing, and he said that was the only way the music could ever be paid for. He taught me rudiments, which is the drummer's alphabet: rolls and flams and paradiddles, over and over, on a rubber pad, until my wrists ached and my mama said if she heard one more paradiddle she would throw the pad in the river. He taught me to read. He taught me to listen.

That last one was the big one. He said most drummers play the drums. The good ones play the band. You got to hear everything, the tuba and the trombone and the little old lady in the second line who's getting tired, and you got to put the beat where everybody needs it to be. Not where you want it. Where they need it. He said, *A drummer is a servant, Lionel. Best servant in the world. You serve the time, and the time serves everybody.*

I didn't like that when I was fourteen. I wanted to be Buddy Rich. I wanted solos. I wanted the girls looking at me. He said, *You'll get your solos. Solos are dessert. Nobody lives on dessert.* And then he made me play a plain street beat for four hours while the band rehearsed around me, no fills, no flash, and when I finally got it, when I was so deep in the pocket I forgot I was playing, he hit me on the back of the head with his hat, which meant *good*.

## The road

I was nineteen when I left New Orleans for the first time. A rhythm and blues band called the Crescent City Kings needed a drummer for a tour, eleven weeks, thirty-some cities, a bus with no air conditioning and a bass player who snored like a foghorn. I said yes before they finished asking.

I won't tell you everything that happened on the road, because my grandbabies might read this and because some of those people are still alive and have lawyers. I'll tell you this much. I played in places where they wouldn't let us eat in the front. I played in places where they wouldn't let us in the front door at all, and we came in through the kitchen, past the dishwashers, who were mostly Black men like us, and who always, always, gave us something to eat. I played for white college kids in Ohio who went crazy for the music and didn't know the first thing about where it came from, and I decided that was all right, that the music would teach them if they let it. I played in a club in Memphis where a man pulled a knife on the trumpet player over a woman, and I kept playing, because Mr. Percy said you never stop the time, and the whole room turned and looked at me, and the man put the knife away. True story. The time is stronger than a knife.

I came home after eleven weeks with three hundred dollars, a cough, and a whole new idea of how big the world was. Then I went back out. I stayed out, more or less, for twenty years.

## The Ludwig

I bought my first real drum kit in 1971 with money from the road, from a pawn shop on Rampart Street, from a man named Sol who had a glass eye and a soft spot for musicians. It was a Ludwig, black oyster pearl, four pieces, with a crack in the ride cymbal that made it sizzle like bacon. Sol wanted two hundred dollars. I had a hundred and forty. He looked at me with the good eye for a long time and then he said, *Play me something.* So I sat down in the middle of the pawn shop, between the guitars and the wedding rings, and I played him a street beat, the one Mr. Percy beat into me, and Sol closed the good eye, and when I finished he said, *A hundred and forty. And you come play at my daughter's wedding.*

I played at that wedding. I played at his granddaughter's wedding, too, twenty-two years later, on the same kit, with the same cracked cymbal. Some things you don't replace. You just keep playing them until they sound like you.

## New York, and the jazz

In 1976 I moved to New York because that's where the jazz was, the serious jazz, the kind where the men wore suits and played in basements and argued about chords until four in the morning. I was a street drummer, a second-line drummer, an R&B drummer. I could swing, but I didn't know what I didn't know.

I found out fast. The first session I sat in on, at a little place on the Lower East Side, the piano player called a tune I'd never heard of, in a time signature I'd never played, at a tempo I didn't believe a human being could sustain, and I fell off the bandstand. Not literally. But close. Afterward the bass player, an old man named Clarence who'd played with everybody, came over and sat down by me at the bar. He said, *Where you from?* I said New Orleans. He nodded. He said, *Then you got the one thing they can't teach. You know how to make people move. Now go learn the rest.*

I learned the rest. It took ten years. I practiced eight hours a day in a room in Brooklyn the size of a closet, with towels stuffed in the drums so the neighbors wouldn't kill me. I took every gig I could get: weddings, bar mitzvahs, Broadway pit bands, a dog food commercial. I played with people whose names you'd know and people whose names you should know. I learned to play brushes so soft you could hear a woman whisper over them, and to play so hard and fast that the horn players would look back at me with their eyes big, like, *Sticks, where you taking us?* And I'd think: *Where you need to go.*

## Paris, and Mireille

In 1984 a trio I played with got a month at a club in Paris, in the Saint-Germain, and I stayed nine years. Let me tell you why. Her name was Mireille, and she ran the coat check.

I'm not going to make this a love story, because Jerome is typing and he's making faces. But I will say that the French took jazz more seriously than the Americans ever did, that they treated a drummer from the Tremé like he was a professor from the Sorbonne, and that a man can get used to being treated like that. And I'll say that Mireille didn't care one bit about jazz. She liked accordion music and American westerns. She thought drummers were loud. She was the first person since Mr. Percy who was not impressed with me, and I married her for it in 1986, in a town hall with red geraniums in the window boxes, and we had a daughter, Josephine, who speaks French better than English and cooks better than both of us.

We came back to New Orleans in 1993 because my mama was getting old, and because, Mireille said, she wanted to see this city I talked about in my sleep. She took one look at a second line coming down Claiborne under the overpass and she said, *Ah. Now I understand you.* Eleven years in France and she got me in one afternoon.

## Tokyo, and the quietest audience in the world

I got to play in a lot of places. I want to tell you about one, because it taught me something I thought I already knew.

In 1990 a Japanese promoter brought a New Orleans package to Tokyo, three bands and a gospel choir, and somebody gave him my name, and I flew fourteen hours with a snare drum on my lap because I did not trust the airline with it. I had never been further east than Berlin. I got off the plane into the biggest city I ever saw, lights on top of lights, and everybody walking so fast and so quiet, and I thought: these people will never understand a second line. This is the most orderly place on God's earth. You can't bring chaos to people who don't want it.

The first night we played a hall with two thousand seats. Every seat full. Men in suits, ladies in good dresses, students with their notebooks, a row of old men in the front who looked like they'd come straight from the bank. We came out and played the first tune, a stomp, loud, the kind of thing that gets a New Orleans crowd up on the tables. Nothing. Not a sound. Two thousand people sitting perfectly still with their hands in their laps. When the tune ended there was a little polite clapping, like rain on a tin roof, and then silence again.

I went back to the dressing room at the break and told the trumpet player we were dying out there. He said, *Sticks, go look at the front row.* So I went and looked through the curtain, and those old men from the bank, every one of them, had tears running down their faces. Not crying out loud. Just sitting there, perfectly still, with the tears going.

The promoter explained it to me after. He said, *They are listening with their whole bodies. In Japan, to move would be to miss something.* And I thought of Mr. Percy, who said most drummers play the drums and the good ones play the band, and I understood that there are audiences who play the band too. Who listen so hard that they hold the time with you, from the seats, without moving a muscle.

On the last night, for the encore, the choir came out and we did *When the Saints*, and I stood up behind the drums and waved a white handkerchief over my head like at a funeral in the Tremé, and I don't know who started it, but somebody in the balcony stood up and waved a handkerchief back. And then another one. And then the whole hall, two thousand people, on their feet, waving whatever they had, handkerchiefs and programs and neckties, and those old men in the front row were dancing in the aisle, stiff and careful and completely sincere. It was the best second line I was ever in. Not one person left their seat row. They danced in place, in order, like Tokyo. They got it all the same.

## What a drummer listens for

Jerome asked me to make a list for the kids in the program. He said kids like lists. I don't like lists, but I like the kids, so here. This is what you listen for, when you are keeping time for other people.

- **The bass.** Lock in with the bass player or go home. The two of you are the floor. Everybody else is furniture.
- **The singer's breath.** Not the words. The breath. You can hear where she needs room, and you give it to her.
- **The room.** A small room wants brushes and a big room wants sticks, and a room full of sad people wants something steady they can lean on.
- **The dancers.** If they're tired, you ease it back a hair. If they're flying, you lift it a hair. A hair is all it takes. Nobody should notice but their feet.
- **Yourself, last.** If you can hear yourself over everybody else, you're too loud. That's the whole lesson. Took me thirty years.

## The water

I'm going to tell this part plain, because that's the only way I can tell it.

In August of 2005 the levees broke and the water came into the city, and it came into the Lower Ninth and into Gentilly and into the Tremé, and it came into our house on Columbus Street, and it stayed there for three weeks. We had left, thank God. We were at my cousin's in Baton Rouge with twelve other people and one bathroom. We watched it on the TV. Mireille held my hand so tight she left marks.

When we came back in October the house was standing, but everything in it was gone. Everything. The furniture, the pictures, my mama's Bible, Josephine's school reports. Forty years of records, ruined. And my drums. Every drum I ever owned, from the first real kit I bought in 1971, a secondhand Ludwig with a cracked cymbal, to the Gretsch set I played in Paris, to Mr. Percy Hill's snare drum, which his widow had given me when he passed in 1989. All of it full of black water and mold. I stood in the living room in my rubber boots and I couldn't make a sound.

I want you to understand something about New Orleans. There were people who lost a lot more than me. People who lost their whole families. I know that. I'm not complaining. I'm telling you what happened.

What happened next was this. In December, before the city even had its lights all the way back on, somebody organized a second line. Not a funeral. A coming-home. A few brass bands, whoever could get back, marching through the Tremé and down past the houses with the X's spray-painted on the doors, the X's that told you when the rescuers had come and what they'd found. I didn't have a drum. A young man I didn't know, maybe seventeen, handed me his bass drum and said, *Mr. Sticks, you play. I'll walk.* And I played. I put the beat down on those broken streets, and people came out of their gutted houses and their FEMA trailers and fell in behind, and we danced. We danced past the X's. You cry going, and you dance coming back.

## The kids

After the storm I stopped touring for good. I had a little money put away, and Mireille had her job at the French consulate, and I decided to do for somebody what Mr. Percy did for me. I started teaching drums to kids, for free, on Saturdays, in a community center in the Seventh Ward that the church let us use. The first year I had four students and two practice pads. Now we have a whole program, with donated instruments and a couple of paid teachers and a brass band of our own that marches in the Mardi Gras parades, and I have taught, by Jerome's count, something over six hundred children to play a paradiddle.

Some of them are professionals now. One plays with a band that was on the television last year. One is at Juilliard, if you can believe it. Most of them don't play for a living. They're nurses and mechanics and lawyers and mothers. That's fine. That's better than fine. I tell them what Mr. Percy told me: that a drummer is a servant, and the time serves everybody, and if you can keep time on a drum you can keep time in your life, you can show up, you can put the beat where people need it. That's worth something whether you ever play a note for money or not.

## Still keeping time

Mireille passed in 2021. The sickness, the one everybody had. I'm not going to say more about that. Jerome can't type it and I can't say it.

We gave her a second line. Josephine came from Lyon, where she lives now, and she marched in front with a parasol, and the kids from the program played, all of them, forty drums, and I walked in the back where the old men walk, and I didn't play. For the first time in my life I let somebody else keep the time. And it was right. They put the beat exactly where I needed it to be.

I'm seventy-two. My hands are stiff in the mornings. I still play every day, a little. I have a kit in the back room, a Gretsch, a gift from some people who heard about the storm. I play along with the radio, like I did on the lard can. Some days I play brushes, soft, like for a woman whispering. Some days I hit the snare so hard the neighbors' dog starts up.

People ask me what all those years taught me. I say: the same thing Mr. Percy said on the first Saturday. Don't be loud. Be right. Listen to everybody. Serve the time. And when they put you in the ground, make sure somebody in the band knows how to turn it around and bring it back swinging.

That's the job. That's all it ever was.

*— Sticks, as told to Jerome, on the porch on Columbus Street.* You can hear the kids' band at the [Preservation Hall](https://www.preservationhall.com/) youth nights some Sundays, or in the street on Mardi Gras, if you follow the bass drum.
`,
  comments: [
    [
      'kavya.codes',
      'I read this with a second line playing on my headphones. "Don\'t be loud. Be right." Also applies to databases, oddly.',
    ],
    [
      'amara.osei',
      'As a dancer: the best drummers I ever worked with were exactly what you describe. Servants of the time. You made me miss the rehearsal room.',
    ],
    ['sticks.baptiste', "Miss Amara, the dancers are the reason we keep time in the first place. Thank you for reading an old man's talk."],
    ['bea.reads', '"You cry going, and you dance coming back." I have read this line about thirty times now.'],
    ['jaylen.runs', 'my coach always says find the rhythm. I get it now. This is a whole life in rhythm.'],
    [
      'gus.miles',
      'Played in a Holiday Inn in Des Moines? I have eaten breakfast in every Holiday Inn in Iowa. Never got any music with it though. Great story.',
    ],
    ['meilin.chen', 'The part about the young man handing you his bass drum after the storm. I had to stop reading for a while.'],
    ['walter.green', 'Jerome, you did a fine job. Slow is not the same as tempo, your grandfather is right.'],
  ],
};
