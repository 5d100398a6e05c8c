import type { DemoStory } from '../story-types';

export const fortyHarvests: DemoStory = {
  title: 'Forty Harvests at Hollow Creek',
  text: `
A farmer's life is written in weather. Other people remember the years by who was president or what song was on the radio. I remember them by rain. Ask me about 1988 and I will not tell you about the election, I will tell you that it did not rain from the fourth of May until the twentieth of August and that the wheat came up to my ankles and stopped, as if it had thought better of the whole thing.

My name is Ruth Ellingson. I have farmed the same twelve hundred acres in Barnes County, North Dakota, for forty-one years, first with my husband Arne, and then, after 2009, without him. I grow spring wheat and soybeans and a little barley, and for twenty years I grew sunflowers too, until the blackbirds won. I am sixty-eight years old. I am told this is retirement age. Nobody has told the farm.

## How I came to it

I did not grow up on a farm, which surprises people. I grew up in Fargo, the daughter of a pharmacist, and I went to the college there to study home economics, because in 1975 that is what a girl with good grades and no particular ambition studied. I met Arne at a dance at the Lutheran church. He was the quietest man in the room. He asked me to dance by standing in front of me and holding out his hand, and when I took it he said, *Good,* and that was the only word he said until the song was over. On the second dance he said, *I have a farm.* On the third dance he said, *It needs work.* I married him the next summer. People ask me if it was love at first sight. I tell them it was love at third dance, which is more reliable.

The farm was his grandfather's. The grandfather had come from Norway in 1882 with a trunk, a Bible, and a promise from the railroad that the land was rich and the winters were mild. One of these things was true. He built a sod house the first year and a frame house the fifth year and a barn the twelfth year, and the barn is still standing, though it leans now to the southeast, as if it is trying to get out of the wind. I understand the feeling.

## Learning

I knew nothing. I could make a pie crust and balance a checkbook and explain the nutritional value of the four food groups, and none of that was any use at all. Arne's mother, Inga, taught me. She was a small, hard woman who wore a cardigan in July and had buried two children and a husband and never once, in my hearing, complained about anything. She taught me to drive the grain truck, to can forty quarts of tomatoes in a day, to tell when a cow was going to calve by the way she stood, to keep books that the bank would believe. She taught me that you do not talk about money, weather, or God at the dinner table, because all three will ruin the food. She taught me that there is nothing on a farm that cannot be fixed with baling wire, prayer, and a neighbor, in that order.

Arne taught me the land. He walked me over every field that first spring, and he told me their names. Farmers name their fields, did you know that? The Slough Quarter, because of the slough. The Church Field, because you can see the steeple at Nome from it. Grandpa's Eighty. The Rock Pile, which needs no explanation if you have ever picked rock in the Red River Valley in April. He knelt down and picked up the soil and crumbled it and smelled it and told me it was ready or it was not, and I learned to do the same, and I can do it still. Good soil smells like rain that has not fallen yet.

## The years

Arne kept a notebook in the pickup, every year, with the date we started planting and the date we finished harvest and what the wheat made, in bushels an acre. After he died I found all thirty-three of them in a box in the shop. I have kept on with it. I am going to put a few of the years here, the ones that mattered, because the numbers tell the story better than I can.

| Year | Wheat (bu/acre) | What happened |
|---|---|---|
| 1977 | 31 | My first harvest. I drove the truck into the ditch twice. |
| 1980 | 22 | Dry summer, then grasshoppers. We sold the good cattle. |
| 1985 | 38 | Good crop, terrible prices. The bank came to visit. |
| 1988 | 9 | The drought. No rain from May to August. |
| 1993 | 27 | Too much rain. Half the valley under water. Scab in the wheat. |
| 1997 | 0 | The spring flood. Fargo and Grand Forks under water. We planted in June. |
| 2003 | 52 | Everything went right. Arne said not to get used to it. |
| 2009 | 46 | Arne's last harvest. He finished it. |
| 2012 | 58 | Best crop ever on this farm. I had nobody to tell. |
| 2021 | 24 | Drought again. I sold the last of the cattle. |
| 2024 | 61 | A new record. I told the dog. |

You will notice that the numbers go up over the years, even with the bad ones in between. That is the seed companies and the machinery and the no-till and the GPS on the combine that steers better than Arne ever did, God rest him. And you will notice that a good number does not always mean a good year. In 1985 we had the best crop we had ever seen and the price was so low that it cost us more to grow it than we got for it. That was the year of the farm crisis, when the banks called in their loans and good families lost land they had held for a hundred years. Four farms on our road were sold at auction that winter. Arne went to every auction and bought nothing, because he said a man should be there when his neighbor loses everything, and he should not profit from it.

## The flood

In April of 1997 the Red River came up out of its banks and kept coming. It had been a winter of eight blizzards, and all that snow melted at once, and the river, which runs north, was still frozen at the top end, so the water had nowhere to go. It went everywhere. It went into Grand Forks and burned down half of downtown, which I know sounds impossible, a fire in a flood, but I saw it on the news with my own eyes, buildings burning in the middle of a lake.

Our farm is on higher ground, and the water stopped a quarter mile from the house. But the fields were under it until the end of May, and we could not plant until June, and we lost most of a year. We spent that spring in Fargo, Arne and I and the neighbors and half the county, filling sandbags in the Fargodome, in shifts, day and night, for people we had never met. I filled sandbags next to a college boy from Minneapolis who had driven up on his own just to help. He had never held a shovel. By the end of the week he could fill a bag faster than me. We talked about everything. He wanted to be a veterinarian. I hope he is one now. I never knew his last name.

## Arne

Arne died in January of 2010, of a heart attack, in the shop, working on the planter for the spring. He was sixty-two. He had finished the harvest in October, sold the crop in December, and was getting ready for the next year, because that is what a farmer does, he is always getting ready for the next year. I found him on the concrete floor with a wrench in his hand.

Everyone assumed I would sell. The neighbors were very kind about it, and very clear. A woman alone, at fifty-two, with twelve hundred acres and a mortgage on the new combine. Three different men came to the door that spring with offers, good offers, and sat in my kitchen with their caps in their hands and told me that Arne would have wanted me to be comfortable.

Arne would not have wanted me to be comfortable. Arne did not believe in it. I told them thank you, and I gave them coffee, and I went out and planted the wheat myself. Inga had been dead for eight years by then, but I could hear her as plain as if she were standing in the field in her cardigan: baling wire, prayer, and a neighbor. I had all three. The Johnsons next door did my spraying that first year and would not take a dime. The pastor came out and drove the grain cart for two days in September and said it was the best sermon he had preached all year.

## Now

The farm is smaller than it was. I rent out the Slough Quarter and Grandpa's Eighty to the Johnson boys, who are not boys anymore, and I farm the rest with a hired man named Luis, who came up from Texas for one harvest eleven years ago and stayed, and who is the best operator I have ever seen on a combine. My daughter is a lawyer in Minneapolis and my son is an engineer in Denver. They do not want the farm, and I have made my peace with it. Luis wants it. We are talking.

Every year in the spring I walk the fields, the way Arne walked me over them that first April. I kneel down and pick up the soil and crumble it and smell it. I look at the sky. I think about rain, and prices, and the seed, and the machinery, and all the things a farmer thinks about. And then I plant, because that is the only way to find out. Every crop is an act of faith. You put the seed in the ground and you give it to the weather and you wait. Some years it comes up to your ankles and stops. Some years it comes up to your waist and you need a bigger truck.

You never know. That is the whole of farming, and I suspect it is the whole of everything else too. You never know. You plant anyway.
`,
  comments: [
    ['maren.holt', 'Farmers and fishermen, same religion, as you said on my page. "Every crop is an act of faith." Every trap, too.'],
    ['tomasz.bakes', 'I print the table and hang it in the bakery. Customers should know what the flour went through.'],
    ['gus.miles', 'I hauled sandbags into the Fargodome in 97 with my rig. Maybe I brought yours. What a spring that was.'],
    ['ruth.ellingson', 'Gus, then I owe you a coffee. Several.'],
    ['bea.reads', 'Love at third dance is the most Lutheran thing I have ever read and I mean that as the highest compliment.'],
    ['walter.green', 'Arne went to every auction and bought nothing. They do not make many like that any more.'],
  ],
};
