import type { DemoStory } from '../story-types';

export const konbiniHours: DemoStory = {
  title: 'Konbini Hours',
  text: `
I work the night shift at a convenience store in Osaka, ten at night until seven in the morning, four nights a week. In Japan we call them *konbini*. There is one on every corner, open every hour of every day of the year, bright as an aquarium, and inside there is everything a person could need at three in the morning: rice balls, umbrellas, hot coffee in cans, phone chargers, neckties, condolence envelopes for funerals, a photocopier, and me.

I am twenty-nine. I studied music at a university in Kyoto, composition, and for three years after I graduated I tried to be a composer, and I was not good enough, or not lucky enough, or not loud enough; I have stopped trying to decide which. I took this job to pay the rent while I figured out what to do next. That was five years ago. I am still figuring.

This is what I have learned at night.

At eleven, the office workers, still in their suits, buying beer and fried chicken and looking at their phones. They do not see me. That is fine. I am part of the building to them, like the automatic door.

At one, the taxi drivers, who buy the same thing every night, canned coffee, black, and a rice ball with salted salmon, and who always say *otsukaresama*, which means something like *you are tired, thank you for your hard work*. We say it to each other like a password. The night people.

At two, the lonely ones. An old man who buys one banana and stays twenty minutes reading the magazines and talking to me about baseball. A young woman who cries, quietly, in front of the ice cream freezer, and then buys a pudding and leaves. I never ask. The konbini has a rule: you do not ask. You say *irasshaimase*, welcome, and *arigatou gozaimashita*, thank you very much, and in between you let people be whatever they need to be at two in the morning.

At four, nobody. This is my hour. I mop the floor. I face the shelves, turning every label to the front, every bottle in its exact row, until the whole store is perfect, a perfect bright box in the dark city. And I listen. The refrigerators hum in B-flat. The automatic door chimes in a major third. The fluorescent light over the magazine rack buzzes very slightly sharp. I have started writing it down. A piece of music made only from the sounds of the konbini at four in the morning. Nobody asked me to. Nobody will play it. I write it anyway, on the back of receipt paper, in the quiet.

At six, the sky goes gray over the railway line, and the first schoolchildren come in with their mothers for breakfast, and the old man comes back for his morning banana, and the day starts, and I stop being invisible.

I keep my account private. My parents think I am still trying to be a composer. In a way, I suppose I am.
`,
  comments: [
    ['kavya.codes', 'The refrigerators hum in B-flat. I will never hear a fridge the same way. Please finish the piece.'],
    ['ada.okafor', "Otsukaresama from a fellow night person. The two o'clock lonely ones are ours too."],
    ['sticks.baptiste', 'Young man, that is music. A composer is somebody who hears it. You hear it. Keep writing on the receipts.'],
  ],
};
