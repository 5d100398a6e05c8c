import type { DemoStory } from '../story-types';

export const elevenSchools: DemoStory = {
  title: 'Eleven Schools',
  text: `
I'm eighteen and I've been to eleven schools. My dad was in the army, so we moved every two years, sometimes every one, and every time I had to be the new kid again. Texas, Germany, North Carolina, Kansas, Washington State, Georgia, Germany again, Kentucky, Colorado, Alaska for one very dark winter, and then Colorado again for senior year. Eleven schools, nine states if you count Germany, which you shouldn't, but I do.

People think being a military kid is sad. Sometimes it is. But it's also a skill, like a sport, and I'm very good at it. Here's what I know about being new.

Day one, find the library. Libraries are all the same everywhere. Same smell, same quiet, same librarian who is weirdly happy to see you. It's like an embassy.

Don't try to sit with the popular kids. Don't try to sit alone either, that's worse. Find the table with the kids who are drawing or reading or arguing about a video game. They will let you sit down. They always do.

Say yes to everything the first month. Choir, robotics, a club for people who like frogs. You can quit later. You can't un-miss it.

Don't tell everyone you're leaving in two years. They'll treat you like you're already gone.

Keep one thing from every place. I have a rock from Alaska, a beer mat from Germany I was definitely too young to have, a Kansas license plate I found in a ditch, a friendship bracelet from Georgia from a girl called Destiny who I still text every week. It's all on one shelf. Whenever we moved, the shelf was the first thing I set up in my new room. That's how I knew it was my room.

The hardest part isn't leaving. It's the last day, when you go through the hallway and everyone is just normal, thinking about Friday, and you're the only one who knows it's the last time. You try to look at everything really hard so you'll remember it. You never remember it. You remember the weirdest things instead, like the sound of one specific locker, or the way the cafeteria smelled on pizza day.

My dad retired last year. We're staying in Colorado. For the first time in my life I'm going to be in one place for longer than two years: I got into a state university here and I'm starting in the fall. Everyone thinks I should be happy. I am. But I'm also kind of scared, because I don't know how to be not new. I don't know how to be someone who stays. Nobody teaches you that.

I guess I'll find the library and figure it out.

(I made this account private because my mom would absolutely read it and then want to talk about it. Hi Mom if you found it anyway.)
`,
  comments: [
    ['bea.reads', 'Libraries as embassies. Yes. Welcome to staying somewhere, it is great, you will love it.'],
    [
      'eleanor.abernathy',
      'I taught a great many military children over the years. They were always the ones who found the library first. Good luck at university.',
    ],
    ['jaylen.runs', 'say yes to everything the first month is elite advice for freshman year. trust me'],
  ],
};
