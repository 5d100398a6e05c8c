import type { DemoStory } from '../story-types';

export const measureTwice: DemoStory = {
  title: 'Measure Twice: A Tailor in Berlin-Kreuzberg',
  text: `
My father was a tailor in Kayseri, in the middle of Turkey, and his father before him, and there is a saying among tailors that is the same in Turkish and German and every language where people wear clothes: *measure twice, cut once.* My father said it so often that my mother embroidered it on a cushion, as a joke, and he did not find it funny, and he slept on that cushion for forty years.

I came to Berlin in 1984, when I was seventeen, to join my uncle, who had come in 1969 to work at Siemens as what the Germans called a *Gastarbeiter*, a guest worker. The word tells you everything. A guest is someone who goes home. My uncle never went home. Neither did I. Forty years I have been a guest now, and I think by this time the Germans should at least give me my own key.

I did not want to be a tailor. I wanted to be a footballer, like every boy in Kayseri. But my uncle had a small shop on the Oranienstraße in Kreuzberg, alterations and repairs, and he needed hands, and my hands had been holding needles since I was six. So I sat in the back of the shop and took up trousers and let out waists and put in zippers, ten hours a day, and in the evenings I played football in the courtyard with the other Turkish boys, and we all dreamed of something else.

Then the Wall fell. I was twenty-two. I remember the night, November 1989, the whole city in the streets, strangers kissing, people climbing on the Wall near the Brandenburg Gate with hammers. The next morning the shop was full of East Germans. They had come over to see the West, and many of them had come in their best suits, old suits, made in the East, with shoulders like cardboard and trousers that did not fit anybody. They had a little money, the welcome money the government gave them, one hundred marks each. And some of them spent it with us. Not on new clothes. On making the old ones fit.

I remember one man, an old man from Leipzig, who had a suit he had been married in, in 1951. Brown wool, very good wool, but the moths had been at it and it had been made for a younger man with a different stomach. He wanted it fixed for his granddaughter's wedding, in the West, in Charlottenburg, the next month. He said, *I want to walk into that church looking like a man who was never afraid.* I measured him twice. I did the work myself, all of it, by hand, three evenings, and when he came back and put it on and looked at himself in the mirror he did not say anything for a long time, and then he shook my hand with both of his hands. He paid with his welcome money. I did not want to take it. My uncle made me take it. He said, *A man who is proud must be allowed to pay.*

My uncle died in 2003 and I took the shop. Kreuzberg has changed around me: first the artists, then the students, then the young people from everywhere with laptops and very expensive coffee. The rents went up. Half my old neighbors moved to the edges of the city. But people still need their trousers shortened, and a good tailor is a good tailor in any century. Now I make suits for young Germans and young Turks and young Americans and young people from places I have to look up on a map, and they all stand in front of my mirror the same way, a little unsure, and I measure them twice.

My son is a software developer. My daughter is a doctor. Neither of them can sew on a button, and I have decided this is my fault and also my success.

I still sleep on the cushion.
`,
  comments: [
    [
      'tomasz.bakes',
      'The old man from Leipzig paying with his welcome money. "A man who is proud must be allowed to pay." Your uncle was a wise man.',
    ],
    ['meilin.chen', 'My parents were "guests" too, in a different country. Forty years and still waiting for the key. Beautifully said.'],
  ],
};
