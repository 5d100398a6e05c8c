import type { DemoStory } from '../story-types';

export const theNightWard: DemoStory = {
  title: 'The Night Ward: Twenty Years of Three A.M.',
  text: `
I have worked nights for twenty years, and I can tell you that three in the morning is not a time. It is a place. It has its own weather and its own population and its own laws, and you only learn them by living there. I have lived there longer than I lived in Enugu, where I was born, or in Lagos, where I trained. If you asked me where I am from, the honest answer would be: Ward 12, after midnight.

I came to Manchester in the winter of 2003 with one suitcase, a nursing certificate that the Nursing and Midwifery Council did not yet believe in, and a coat my aunty had bought me that was far too thin. I remember standing at the bus stop outside Piccadilly station in the rain, thinking that someone had made a mistake, that no one could live in a place so gray. I have lived here ever since. The gray and I have come to an understanding.

This is not the story of my whole life. My children say I should write that one, and maybe I will. This is the story of the nights, because the nights are where I became who I am. I have arranged it by the clock, the way a night shift is arranged, because that is how I remember everything now.

## 19:30 — Handover

The day staff are tired and want to go home, and you must not let them. Not until you know everything. Who is new, who is worse, who is better, who is going home tomorrow and does not want to, who is not going home at all. Who has a daughter in Australia who will ring at two in the morning because that is lunchtime in Perth. Who bites.

When I was new I wrote it all down on a folded sheet of paper, in tiny letters, front and back. I still do. The younger nurses use their phones. I tell them that paper does not run out of battery and does not get stolen, and they roll their eyes at me the way my own children do, and then at four in the morning when the system is down they come and ask to borrow my sheet. I let them. I am not proud. Well, I am a little proud.

What I carry in my pockets, every night, for twenty years, give or take:

- my folded sheet and two black pens, because one will always die
- a pen torch, for pupils and for finding the dropped hearing aid under the bed
- a roll of tape, a pair of scissors and three alcohol wipes
- barley sugar sweets, for the diabetic whose levels drop at three, and for me
- a photograph of my mother, which I have never shown anyone on the ward
- a small tin of Vaseline, because hospital air cracks your lips and your patients' lips, and nobody thinks about lips until they hurt

## 21:00 — The medicine round

The medicine round is where you meet everyone properly. You go bed to bed with the trolley, and each person is a small negotiation. Mr. Baxter does not want his tablets because they make him wee all night. Mrs. Lindsay wants hers early because she has always taken them with the news. The young man in the side room does not want anything, does not want you, does not want to be here, and you have to find the one thing he will agree to, even if it is only a glass of water, so that tomorrow he will agree to two things.

I learned in Lagos that nursing is mostly logistics and a little bit of love, and I learned in Manchester that the proportions are the same everywhere. The logistics are different. In Lagos we did not have enough of anything, and we were very clever. In Manchester we have a great deal of everything and not enough people, and we are very tired. I am not sure which is harder. I think the second, because you cannot be clever your way out of being one nurse for fourteen patients.

## 23:00 — Lights down

There is a moment, every night, when the ward goes quiet. The televisions are off, the visitors are gone, the main lights dim to the yellow night lights, and the whole place lets out its breath. If you stand at the nurses' station and listen, you can hear it: the oxygen hissing, a drip pump complaining, someone snoring in bay two, the heating pipes knocking like a neighbor who wants to be let in.

I love that moment. I have loved it from the first night. It is the one time in the day when the hospital belongs to the people who are in it, and not to the people who run it.

This is also when the fear comes out. In the day, people are brave, because there is noise and there are doctors and there is lunch. At night, with the lights down, they are alone with themselves, and a person alone with a diagnosis is a different person. That is when the call bells start, not for pain, not for the toilet, but for company. *Nurse, I just wondered what time it was. Nurse, is it raining? Nurse, do you think my wife is asleep?*

I always go. Even when I am busy, I go, and I stand at the end of the bed for thirty seconds and answer the question they asked and the one they did not ask. Thirty seconds. I have done the sum: it costs me perhaps twenty minutes a night. It is the best twenty minutes I spend.

## 02:00 — The dead hour

Nurses all over the world will tell you: people die at night. Not always, of course, but more than you would think, and usually in the small hours, between two and five, when the body's clock runs lowest. The old nurses in Lagos called it *the hour when the door is open*. I did not like that when I was young. I thought it was superstition. Now I think it is only a way of saying something true.

The first patient I lost in England was a man called Dennis. He was eighty-four and he had been a bus conductor, and he had no family, only a friend from the allotments who came on Sundays. He had told me all about his runner beans. At two in the morning his breathing changed, and I knew, the way you learn to know, and I rang the doctor, who was on another floor with someone younger and more savable, and who said, quite rightly, that there was nothing to be done.

So I sat with him. There is a rule that no one should die alone on my ward, and I did not make that rule, it was there before me, but I have kept it for twenty years, sometimes at the cost of other rules. I held his hand and I talked to him about runner beans, which I know nothing about, and about buses, which I know a great deal about, because I had spent the whole winter on them. He died at twenty past three. I wrote it on my sheet, and then I went to do Mrs. Pearson's obs, because Mrs. Pearson was alive and needed me, and that is the job.

I cried in the car park at eight o'clock. I still do, sometimes. Not every time. If I cried every time, I could not do this work, and if I never cried, I should not be allowed to.

## 03:00 — Tea

At three o'clock, whatever is happening, if it is at all possible, we have tea. This is the only English custom I have adopted completely. The healthcare assistant puts the kettle on in the little kitchen behind the station, and we stand, because if you sit down at three in the morning you will never get up again, and we drink it too hot and eat whatever someone has brought in. Biscuits, mostly. Sometimes a relative has left a tin of Quality Street. Once, memorably, a grateful family left us a whole Christmas cake in the middle of June.

I have had the best conversations of my life standing in that kitchen. I have heard confessions and proposals and resignations. I met my closest friend, Siobhan, there, in 2005, when she was a student and had just been sick in a bin and was trying not to cry, and I gave her a barley sugar and told her that I had been sick in a bin on my first night too, which was not true, but it was the right thing to say. She is a ward sister now, on days. She says she misses the nights. She is lying, but it is a kind lie, and I recognize it.

## 04:30 — The long stretch

This is the hardest part of the night, not because it is busy but because it is not. Your body is telling you, with every cell, to lie down. Your eyes are full of sand. The patients are asleep at last, and the ward is dark, and the only thing keeping you upright is the knowledge that if you stop moving, you will stop.

So I walk. I walk the bays and look at every chest going up and down. I check the drip rates and the catheter bags and the pressure areas. I straighten blankets. I write my notes. I learned to do the notes at this hour because at this hour you do not have the energy to be anything but honest, and honest notes are the only kind worth writing.

Sometimes I think about my life at this hour. Not the big things, not regrets, there is no room for those at half past four. Small things. My mother's hands shelling egusi seeds. The smell of rain on the red earth in Enugu. My son's face the day he was born, which was also, naturally, a night shift: I worked until eleven, went down to the labor ward at midnight, and had him at four in the morning, in the dead hour, with the door open. The midwife said he was the calmest baby she had ever seen. I said, *He has been listening to me work.*

## 06:00 — First light

In winter there is no first light, only the clock. In summer, though, around six, the windows at the end of the ward turn from black to blue to gray to gold, and you feel it in your body like a drink of water. The patients begin to stir. Someone asks for a cup of tea. Someone asks for the toilet, urgently. Someone asks, as Mrs. Lindsay asked me every morning for three weeks, *Did I get through the night, then?* And you can say, *You did, my darling. You did.*

That is the sentence I have said more than any other in my life, I think. More than *I love you*, though I have said that a great deal too. *You got through the night.* It is a small thing. It is also, some mornings, the whole thing.

## 07:30 — Handover again

And then the day staff come in, fresh and smelling of shampoo and outside air, and you must tell them everything. Who is new, who is worse, who is better. Who died. You watch them write it down, on paper or on their phones, and you think: *I was you, once, at the beginning of something.* And then you give them the ward, the whole living breathing complaining thing, and you put on your coat, which is a proper coat now, and you walk out into the morning with your sheet in your pocket.

My children are grown. My son is an engineer in Leeds and my daughter is studying law in London, and both of them, when they were small, thought that I lived in the hospital and only visited them. In a way they were right. I am forty-seven, and I have eight more years before I can retire, and I do not know yet what I will do with my nights when they are my own again. Sleep, everyone says. Sleep, Ada, you have earned it.

I am not so sure. I think I will sit up, the first night, until three in the morning, and make a cup of tea, and stand in my own kitchen, and listen. I think I will miss them. Not the work. The people. All those people, over all those years, getting through the night.
`,
  comments: [
    [
      'bridget.dunne',
      'Ada, I have been a midwife for thirty years and I have never seen the night written better. "The hour when the door is open." Yes.',
    ],
    ['ada.okafor', 'Thank you, Bridget. You are on the other side of the same door, I think. Bringing them in while we see them out.'],
    ['bea.reads', 'The list of what is in your pockets made me laugh and then made me cry (the photograph of your mother).'],
    [
      'walter.green',
      'I was on Ward 9 at Wythenshawe after my bypass in 2019 and a nurse stood at the end of my bed at 2 a.m. and told me it was raining. I did not know until now that she did it on purpose. Thank you to all of you.',
    ],
    ['sam.rivera', 'Shift workers everywhere salute you. Tea at three is sacred on the fire line too, except it is terrible coffee.'],
    [
      'dal.for.one',
      'My wife was looked after at night by someone exactly like you. Nobody tells you about the nurses until you need them. Bless you.',
    ],
    ['kavya.codes', 'Bookmarked. Sending to my sister who just started her first night rotation.'],
  ],
};
