import type { DemoStory } from '../story-types';

export const saltInTheSeams: DemoStory = {
  title: 'Salt in the Seams',
  text: `
My father could tell the weather by the way the gulls sat on the fish house roof. If they faced the harbor, it would hold. If they turned their backs to it, tucked in tight against the shingles like old men at a bus stop, he would not go out, and nothing my mother said about the mortgage could move him. I was seven before I understood that this was not magic. I was forty before I understood that it was not only about the gulls.

I grew up on Tarrow Island, eleven miles off the coast of Maine, in a white house with green trim that was always, in some corner, being scraped and painted against the salt. There were two hundred and nine people on the island the winter I was born, and the number went down every year after that, the way the tide goes out: slowly, then all at once. We had one store, one church, a school with two rooms and a wood stove, and a harbor full of boats that were named for women. My father's boat was the *Annie Rose*, for his mother. Nobody on the island thought that was strange. A boat is a thing you trust your life to. You may as well give it the name of someone who loved you.

## The smell of it

People ask what I remember most, and they expect me to say the sea. What I remember is the smell of the kitchen at four in the morning. Coffee boiled in a dented pot, because my father did not believe in percolators. Wet wool drying on the rack over the stove. Bait, which you stop smelling after a while and then smell again, fiercely, the first day you come home from anywhere else. And under all of it, salt. Salt in the curtains and the couch cushions and the seams of my school dress. My mother used to say you could boil our house for soup.

I started going out with him when I was nine. Not every day; in summer, when school was out, and on the days the gulls faced the harbor. He would wake me by putting his cold hand on my foot through the blanket, and I would dress in the dark and follow him down the hill with my boots unlaced, half asleep, the stars still out over the Camden Hills across the bay. He never said good morning. He said, *Tide's turning*, as if it were the same thing, and I suppose to him it was.

On the water he was a different man. On land he was shy, almost awkward; he let my mother do the talking at church suppers and stood by the coffee urn with his hands in his pockets. On the boat he moved like a dancer. He could gaff a buoy, haul a trap, band two lobsters, rebait and set the trap back over the rail without seeming to think about any of it, while the boat rolled under him and the engine growled and the spray came over cold as knives. I was useless for the first summer. By the third I could band faster than he could, and he let me know it by saying nothing at all, which was the highest praise he had.

## What he taught me

He was not a man for advice. Everything I learned from him I learned by watching, or by doing it wrong. But there were a few things he said so often that they stuck to me like barnacles, and I find myself saying them now to people who have never seen a lobster boat.

> Don't fight the water. You'll lose, and it won't even notice.
>
> Leave the little ones. They're next year's.
>
> If you're scared, you're paying attention. Keep paying attention.

The second one was the law, of course. Any lobster under the gauge went back, and any female carrying eggs got a notch cut in her tail and went back too, and then she was protected for the rest of her life. My father notched more than the law required. He said the men who took everything they could reach would be the first ones to wonder where it all went. He was right about that. He was right about most things that took twenty years to prove.

## The winter of the ice

When I was thirteen the harbor froze. It happens once in a generation on the island, when the cold comes down hard from Canada and sits for weeks and the wind drops away. The water went thick and gray like porridge, and then one morning it was white, and the boats were locked in where they sat, and the men walked out on the ice to knock it off their hulls with axes so it would not crush the planking.

That was the winter I learned my father was afraid of something. He was afraid of losing the *Annie Rose*. He went down to the harbor three times a day, and at night I heard him get up and stand at the kitchen window, looking at the dark shape of her out there in the white. My mother told him to come to bed. He said, *In a minute.* The minute lasted most of February.

She did not break. In March the wind came back from the southwest and the ice went out in one afternoon with a noise like a building falling down, and the boats rocked free, and my father sat down on an overturned crate at the end of the wharf and put his face in his hands. I had never seen him do that. I went and sat next to him, and after a while he said, *Well,* and got up, and went to see about the engine. We never spoke about it. But I knew after that winter that being brave and being unafraid were two different things, and that the first was the one that counted.

## My mother, who did the sums

It would be easy to write this as a story about my father, because he was the one on the water, and the water is where the stories are. But the island ran on women, and our house ran on my mother, and I would be a liar if I left her on the shore.

She came from the mainland, from a town with sidewalks and a movie theater, and she married a lobsterman at twenty because, she said, he was the only boy at the dance who did not talk about himself. She learned everything the island could teach her and a good deal it could not. She kept the books for the boat in a green ledger with a cracked spine: fuel, bait, rope, traps lost to storms and to the draggers who cut the lines, and on the other side of the page, pound by pound, what the catch had brought at the co-op. She could tell you in March whether we would be able to fix the roof in September. She was usually right, and she was never once thanked for it, and she did not seem to expect to be.

In the evenings, when my father had gone to bed at eight like all the fishermen, she sat at the kitchen table under the one good lamp and read. Novels from the traveling library that came over on the ferry once a month in two wooden crates; history; poetry, which she read aloud to me in a low voice so as not to wake him. Emily Dickinson, mostly. *Hope is the thing with feathers.* I thought for years that Dickinson must have been an island woman too, because she wrote like someone who knew about waiting for boats.

It was my mother who said I would go to college. Not *might*. *Would*. She said it the way my father said *Tide's turning*, as a fact of nature, and she started a second ledger, a blue one, the year I turned ten, and put something in it every week, even the weeks there was nothing to put. When I found that ledger after she died, I sat on the floor of the spare room and read every page. Two dollars. Fifty cents. Eleven dollars, *good week*. A dollar and ten, *sorry, Maren*. It added up, over eight years, to enough for the first semester's books and a winter coat. I am wearing the coat in my head every time I walk into a lecture hall.

## Leaving

I left the island at eighteen to go to the university in Orono. I had a scholarship and a trunk and a feeling in my stomach like the first hour out past the ledges in a heavy swell. My father drove me to the ferry in the truck that had no second gear. At the landing he shook my hand. Then he seemed to think better of it and hugged me, awkwardly, his chin hitting the top of my head, and said, *You were good on the boat.* That was all. It was the best thing anyone has ever said to me, and I have been given awards.

I studied marine biology, which everyone on the island found hilarious. *Four years to learn what a lobster is,* old Mr. Carver said at the store. *Could have asked Maren. She's been pulling them since she was in diapers.* But I wanted to know the things my father knew the other way round: not by the gulls, but by the numbers. Why the catch went up and down. Where the young lobsters settled. What the warming water was doing to all of it. I spent thirty years finding out, on research vessels and in labs and in meeting rooms where men in good shoes argued about quotas, and I can tell you that almost everything the science found, my father had already said, more briefly, at four in the morning.

## What is left

The *Annie Rose* was sold when my father's knees went. A young man from Vinalhaven bought her and renamed her, which you are not supposed to do, and I have decided not to hold it against him. My father died in the white house with the green trim in the spring of the year I turned forty-six. On his last afternoon he asked me to open the window. I thought he wanted air. He wanted to hear the harbor. The gulls were on the fish house roof, and I looked, the way I always look, and they were facing the water.

The island has ninety people now in winter. The school has one room. Half the houses are summer places with new windows and no salt in the curtains. But the harbor is still full of boats with women's names, and every one of them goes out before the sun is up, and when I visit I still wake at four without an alarm, and lie there in the dark listening, and I hear him say it, as plain as anything.

*Tide's turning.*

It always is. That is the one thing you can count on. It goes out, and it comes back, and you learn to go with it, and you try to leave the little ones for next year.
`,
  comments: [
    [
      'gareth.pryce',
      'Being brave and being unafraid are two different things. My father went down the pit for forty years and I would have sworn he was afraid of nothing. I know better now. Thank you for this.',
    ],
    ['bea.reads', 'The handshake that turns into a hug at the ferry landing. I had to put my phone down for a minute.'],
    ['ruth.ellingson', 'Farmers and fishermen, same religion. We read the sky, you read the gulls. Lovely writing, Maren.'],
    ['maren.holt', 'Thank you, Ruth. He would have liked you. He trusted anybody who got up before the sun.'],
    ['walter.green', '"Leave the little ones. They\'re next year\'s." I am going to have that printed and hung in the town office.'],
    [
      'paperlanterns',
      'I also grew up with boats named for people. Ours had no name at all. Your father sounds like a man who knew what mattered.',
    ],
  ],
};
