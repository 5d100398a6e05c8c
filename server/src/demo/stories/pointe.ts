import type { DemoStory } from '../story-types';

export const pointe: DemoStory = {
  title: 'Pointe',
  text: `
Every ballerina can tell you the date she got her first pair of pointe shoes. Mine was the fourteenth of September, 2000. I was twelve. They were pink satin, from a shop in Covent Garden, and they cost more than my mother earned in a week at the hospital laundry, and she paid for them in cash, in an envelope, and did not let me see her face while she counted it.

I was the only Black girl in my class at the ballet school. I was the only Black girl in most of the classes I ever took. That is not the story, but it is in the story, the way a stone is in a shoe. People told me I had the wrong body for ballet, the wrong feet, the wrong hair; teachers told me, other mothers told me, once a very famous man told me, at an audition, in front of everybody. My mother said, *Then we will find the right room.* We found it. It took eleven years.

I danced professionally from nineteen until I was thirty-one, mostly in the corps de ballet of a company in the north of England, and for two glorious seasons as a soloist. I was a Swan, a Snowflake, a Wili, a Flower, one of the four Little Cygnets who hold hands and must move as if they share one nervous system. I danced Giselle's friend, never Giselle. I danced the Sugar Plum Fairy nineteen times one Christmas, in three cities, with a stress fracture in my left foot that I did not tell anyone about, because if I told them they would have let the understudy dance and I would never have danced it again.

People see the tutu and the lights. Dancers see the feet. I want to write about the feet, because nobody does. By the end of my career I had lost six toenails, most of them more than once. I had bunions like walnuts. I had the stress fracture, and a torn ligament in my ankle, and a hip that clicked when I walked upstairs. Every night after a performance I sat in the dressing room with my feet in a bucket of ice and peeled the tape off and looked at the damage, and every morning at ten I was back at the barre, because that is what the art asks of you. It asks for everything. It does not say thank you. You give it anyway, because for two hours, on the good nights, you are not a girl from Peckham with a stone in her shoe. You are light. You are weather. You are music with a body.

At thirty-one my hip made the decision for me. I cried for a month. Then I did the thing I always swore I would never do: I went back to school. I am a physiotherapist now, for dancers mostly, and footballers, and old ladies with new knees, and I am good at it, because I know what it is to be a body that hurts and a person who wants to keep going anyway.

I still have the first pair of pointe shoes. Pink satin, gone gray, the boxes soft as paper. My mother has them on a shelf in her flat, next to the photographs of my graduation. Last year she took them down and showed them to a girl from her church, a little Black girl of nine, who wants to dance. The girl held them like they were made of glass. My mother said, *If anybody tells you that you have the wrong feet, you come and see my daughter.*

She has been to see me twice. Her feet are perfect.
`,
  comments: [
    ['sticks.baptiste', 'Music with a body. That is what dancers are. Your mama and mine would have got along.'],
    ['jaylen.runs', 'The stress fracture part. I felt that in my shins. Respect.'],
    ['eleven.schools', 'i did ballet at three of my eleven schools and quit every time we moved. reading this made me want to start again'],
  ],
};
