import type { DemoStory } from '../story-types';

export const twoLaps: DemoStory = {
  title: 'Two Laps',
  text: `
The 800 meters is two laps of the track. That's it. It takes me one minute and fifty-one seconds, on a good day, and I have spent about eight years of my life getting it down from two minutes and thirty. People ask me why I don't do something longer, where there's time for strategy, or something shorter, where it's over before it hurts. The honest answer is that I like the part where it hurts. The 800 is the only race where you can feel every single thing your body has, and then you have to decide, at about 600 meters, whether you want it more than you want to stop.

I'm nineteen. I run for a state university in Ohio on a partial scholarship, which covers tuition but not food, and I eat a lot of food. I grew up in Columbus with my mom and my little sister and my grandma, who was a teacher and still corrects my texts. My dad's around, kind of. That's a different story and I'm not writing it.

I started running because of a fight. Seventh grade, a kid named Trevor said something about my mom, and I hit him, and the vice principal, Mr. Okafor, said I could either get suspended or join the track team, because the track coach needed bodies. I picked track because I thought it would be easier. First practice the coach made us run 400s until three kids threw up. I didn't throw up. I wanted to, but I didn't, because Trevor was there and I wasn't going to let him see it. Coach noticed. She came over after and said, *You're stubborn.* I said, *Yeah.* She said, *Good. That's the whole sport.*

Her name is Coach Dee. She still texts me before every race. Same text every time: *Run your race.* Three words. It took me two years to figure out what it meant. It means don't run the other guy's race. Don't go out too fast because he went out too fast. Don't panic when somebody passes you on the back straight. You know your splits, you know your body, you trained for this exact thing. Run your race.

I think about that a lot off the track too. My friends from high school are doing all kinds of stuff. One's in the army, one's got a baby, one's making money online in a way nobody understands. Sometimes I feel behind, like I'm in lane eight and everybody's already around the curve. Then I hear Coach Dee. Run your race.

The first lap of an 800 feels easy. That's the trap. You feel like you could go forever, you're floating, the crowd's loud, everything's great. The second lap is where you find out who you are. At 600 your legs fill up with something like wet cement. Your arms get heavy. Your vision goes a little narrow at the edges. The guy next to you is breathing like a train. And there's a voice in your head, very calm, very reasonable, that says, *You could just ease up a little. Nobody would know.*

The whole sport is what you say back to that voice.

Last spring at conference I ran 1:51.4, a personal best by almost a second, and came third, and qualified for regionals. My grandma was in the stands with a sign that said JAYLEN in letters she'd cut out of a cereal box. When I crossed the line I couldn't stand up. I lay on the track on my back looking at the sky and I could hear her yelling my full name, all three parts of it, the way she does when I'm in trouble, except she was crying.

I don't know if I'll go pro. Probably not. Maybe. The odds are bad and my coach says that and I appreciate that she says it. I'm studying kinesiology, which is the science of how bodies move, because I want to coach, eventually, somewhere like where I grew up, and find some stubborn seventh grader who just hit somebody, and tell him the whole sport is being stubborn in the right direction.

Two laps. One minute fifty-one. That's my story so far. It's not finished. Nobody's is. But I know what I'm going to say to the voice.
`,
  comments: [
    [
      'eleanor.abernathy',
      'Young man, your grandmother is right to correct your texts, and this was a pleasure to read with not one error in it. Run your race.',
    ],
    ['sam.rivera', '"The whole sport is what you say back to that voice." That is true of my job too. Good luck at regionals.'],
    ['jaylen.runs', 'thank you!! regionals is in three weeks. I will report back'],
    ['bea.reads', 'The cereal box sign. Grandmothers are undefeated.'],
  ],
};
