// Word lists for names, titles, comments and story prose. Broad enough that 100k titles and usernames are
// varied (search as you type needs many distinct prefixes), common enough that they read like real ones.

const words = (s: string): string[] => s.trim().split(/\s+/);

export const FIRST_NAMES = words(`
Anna Maria Katarzyna Małgorzata Agnieszka Barbara Ewa Zofia Joanna Magdalena Helena Aleksandra Marta Dorota
Piotr Krzysztof Andrzej Tomasz Paweł Jan Michał Marcin Jakub Adam Marek Łukasz Wojciech Bartosz Stanisław
John Mary James Emma Olivia Liam Noah Sophia Isabella Charlotte Amelia Evelyn Emily Elizabeth Grace Chloe
Hannah Eleanor Lucy William Benjamin Henry Alexander Michael Daniel Samuel Joseph David Thomas Charles Peter
Rose Alice Ruth Edith Margaret Dorothy Harold Arthur Walter Albert Frank George Edward Florence Mabel Irene
Otieno Wanjiru Achieng Kamau Njeri Mwangi Akinyi Baraka Amani Zawadi Chidi Ngozi Emeka Adaeze Oluwaseun Yetunde
Kwame Ama Kofi Abena Tendai Nomvula Thabo Lerato Sipho Ayodele Fatima Amina Yusuf Omar Layla Karim Samira Hassan
Mehmet Elif Ayşe Emre Zeynep Can Deniz Leyla Arjun Priya Rahul Ananya Vikram Meera Sunita Ravi Lakshmi Aditi
Hiroshi Yuki Haruka Kenji Akiko Takeshi Sakura Daisuke Mei Wei Lin Jun Xiu Hao Minh Linh Thanh Hoa Duc
Sofía Mateo Valentina Santiago Camila Diego Lucía Javier Carmen Alejandro Isabel Pablo Elena Andrés Rosa
João Inês Tiago Beatriz Rui Mariana Luca Giulia Marco Chiara Matteo Francesca Giovanni Paola Lorenzo Alessia
Jürgen Günther Heike Klaus Sabine Ute Lukas Lena Jonas Leonie Felix Greta Émile Hélène François Zoé Camille
Louis Juliette Hugo Manon Søren Ingrid Astrid Björn Åsa Nils Freya Sven Linnea Pekka Aino Mikko Saara Eero
Niamh Siobhan Ciarán Aoife Seamus Fionn Dafydd Rhiannon Ewan Isla Callum Morag Tomás Dagny Oskar Ida Karin
Jana Petr Tereza Ondřej Zuzana Dávid Réka Bence Ágnes Ioana Andrei Mihai Elena Nikolai Irina Olga Dmitri
Tatiana Yaroslav Oksana Taras Nino Giorgi Anahit Armen Daniela Roberto Esther Miriam Noa Eitan Tamar Avi
`);

export const LAST_NAMES = words(`
Nowak Kowalski Wiśniewski Wójcik Kowalczyk Kamiński Lewandowski Zieliński Szymański Woźniak Dąbrowski Kozłowski
Mazur Krawczyk Grabowski Pawlak Michalski Król Wieczorek Jabłoński Majewski Olszewski Wróbel Dudek Zając
Smith Johnson Williams Brown Jones Miller Davis Wilson Anderson Taylor Moore Thompson White Harris Clark Lewis
Walker Young Allen King Wright Scott Hill Green Adams Baker Hall Campbell Mitchell Carter Roberts Turner Parker
Evans Edwards Collins Stewart Morris Murphy Cook Rogers Morgan Cooper Peterson Reed Bailey Bell Kelly Howard
Otieno Odhiambo Kamau Mwangi Njoroge Wanjiku Ochieng Kiprono Chebet Mutua Okafor Adeyemi Nwosu Eze Balogun
Mensah Asante Boateng Owusu Dlamini Nkosi Mokoena Khumalo Ndlovu Moyo Banda Phiri Haddad Khalil Mansour Nasser
Yilmaz Kaya Demir Şahin Çelik Öztürk Aydın Sharma Patel Singh Gupta Iyer Nair Reddy Chatterjee Menon Rao
Tanaka Suzuki Takahashi Watanabe Yamamoto Nakamura Kobayashi Sato Ito Wang Li Zhang Liu Chen Yang Huang Zhao
Nguyen Tran Le Pham Hoang Vu Dang Bui Garcia Rodriguez Martinez Hernandez Lopez Gonzalez Perez Sanchez Ramirez
Torres Flores Rivera Gomez Diaz Morales Ortiz Castillo Silva Santos Oliveira Pereira Costa Ferreira Almeida
Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo Conti Müller Schmidt
Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Koch Richter Dubois Durand Lefèvre Moreau Laurent
Simon Michel Leroy Bernard Fontaine Jensen Nielsen Hansen Pedersen Larsen Sørensen Andersson Johansson
Karlsson Nilsson Eriksson Lindqvist Virtanen Korhonen Mäkinen Nieminen O'Brien Byrne Walsh Ryan Doyle Kennedy
MacLeod Campbell Fraser Murray Novák Svoboda Dvořák Černý Horváth Kovács Szabó Tóth Nagy Popescu Ionescu
Ivanov Petrov Smirnov Kuznetsov Shevchenko Bondarenko Kovalenko Beridze Petrosyan Cohen Levi Mizrahi
Peeters Janssens Maes Jacobs Willems De Vries Van Dijk Bakker Visser Smit Meijer De Jong Mulder Bos
`).filter((w) => !['De', 'Van'].includes(w));

export const PLACES = words(`
Ostend Bruges Ghent Antwerp Lisbon Porto Seville Granada Valencia Bilbao Marseille Lyon Nantes Bordeaux Lille
Kraków Warsaw Gdańsk Wrocław Poznań Lublin Łódź Toruń Zakopane Prague Brno Vienna Salzburg Graz Budapest
Debrecen Bratislava Ljubljana Zagreb Split Trieste Venice Verona Bologna Naples Palermo Genoa Turin Florence
Munich Hamburg Bremen Leipzig Dresden Cologne Freiburg Zurich Geneva Basel Bern Amsterdam Rotterdam Utrecht
Leiden Groningen Copenhagen Aarhus Odense Bergen Trondheim Tromsø Stockholm Uppsala Gothenburg Malmö Helsinki
Turku Tampere Tallinn Riga Vilnius Dublin Galway Cork Belfast Edinburgh Glasgow Aberdeen Inverness Cardiff
Swansea Bristol Bath Leeds York Liverpool Manchester Brighton Norwich Cornwall Nairobi Mombasa Kisumu Nakuru
Lagos Ibadan Accra Kumasi Dakar Kampala Kigali Lusaka Harare Durban Johannesburg Capetown Cairo Alexandria
Tunis Marrakesh Casablanca Istanbul Izmir Ankara Beirut Amman Tbilisi Yerevan Odessa Lviv Kyiv Mumbai Chennai
Kolkata Delhi Jaipur Kochi Goa Colombo Kathmandu Dhaka Hanoi Saigon Hue Bangkok Penang Manila Cebu Osaka
Kyoto Sapporo Nagasaki Busan Seoul Taipei Shanghai Chengdu Montreal Quebec Toronto Halifax Vancouver Boston
Chicago Detroit Savannah Memphis Portland Seattle Denver Tucson Oaxaca Veracruz Havana Bogotá Quito Lima
Cusco Valparaíso Montevideo Rosario Recife Salvador Belém Auckland Dunedin Hobart Adelaide Perth Darwin
`);

export const STREET_WORDS = words(`
Lantern Mill Orchard Chapel Harbour Willow Linden Cedar Juniper Rowan Hazel Bakers Weavers Tanners Potters
Salt Copper Silver Ferry Bridge Station Market Church Castle Tower Garden Rose Lilac Poplar Chestnut Acorn
Sparrow Swallow Heron Lark Falcon Anchor Compass Beacon Quarry Meadow Clover Thistle Bramble Heather Fern
`);
export const STREET_KINDS = words(`Street Lane Road Row Hill Square Avenue Court Walk Terrace Yard Quay`);

export const SEASONS = words(`Winters Summers Springs Autumns Mornings Evenings Nights Sundays Holidays Harvests`);

export const RELATIVES = words(`
Mother Father Grandmother Grandfather Sister Brother Daughter Son Aunt Uncle Wife Husband Children Cousin
Godmother Granddaughter Grandson Neighbour Teacher Friend Family Ancestors
`);

export const PROFESSIONS = words(`
Baker Teacher Nurse Doctor Engineer Miner Farmer Tailor Sailor Soldier Pilot Writer Painter Musician
Carpenter Builder Shopkeeper Midwife Priest Lawyer Judge Journalist Photographer Programmer Scientist
Mechanic Electrician Driver Cook Librarian Gardener Fisherman Blacksmith Potter Weaver Architect Beekeeper
Clockmaker Bookbinder Printer Glassblower Lighthouse-Keeper Stationmaster Postman Seamstress Cobbler Butcher
Brewer Vintner Shepherd Ferryman Translator Nurse-Midwife Pharmacist Dentist Surveyor Typist Conductor
`).map((w) => w.replace(/-/g, ' '));

export const ADJECTIVES = words(`
Long Quiet Hidden Forgotten Secret Lost Golden Silver Bright Dark Happy Wild Gentle Brave Strange Simple
Ordinary Extraordinary Last First Early Late Unexpected Beautiful Difficult Good Little Great Small Red Blue
Green White Black Cold Warm Distant Familiar Endless Broken Open Restless Patient Stubborn Lucky Humble Proud
Honest Curious Careful Borrowed Northern Southern Salted Winding Narrow Crooked Second Borrowed Stolen Quiet
`);

export const NOUNS = words(`
Life Story Journey Years Summer Winter Spring Autumn War Peace Love Home House Garden Kitchen Road Letters
Memories Dreams Childhood Youth School Work Factory Farm Harbour Ship Train Bridge River Mountain Forest Field
Village City Street Window Door Table Bread Music Song Dance Book Words Silence Light Shadow Time Morning
Evening Night Season Decade Family Friendship Marriage Wedding Faith Hope Courage Fear Loss Grief Joy Laughter
Promise Secret Truth Choice Chance Luck Fortune Trade Craft Shop Market Exile Return Escape Freedom Border
Island Coast Desert Snow Rain Storm Sun Moon Stars Sky Orchard Vineyard Horses Dogs Birds Photographs Recipes
Songs Poems Diaries Postcards Maps Keys Clocks Lanterns Kites Bicycles Boats Apples Plums Bees Tea Coffee
Salt Wool Linen Chalk Ink Paper Radio Piano Violin Accordion Suitcase Passport Ticket Harvest Tide Lighthouse
`);

/** Pronounceable syllables for rarer words (a long tail of title words, as real titles have). */
export const SYLLABLES = words(`
ka lo mi ra ne to su vi de ba po li sa me ro na te zu fi go ha je ku la mo ni pe ri so ta ve za bri cla
dro fle gri klo pla pre sta stro tra vel mar len dor kin ston ber wal mor tan sel
`);

export const COMMENT_OPENERS = [
  'What a beautiful story.',
  'Thank you for sharing this.',
  'I read this twice.',
  'This made me cry on the bus.',
  'I laughed out loud at the part about',
  'My grandmother told me almost the same thing about',
  'I never knew anyone else remembered',
  'Such a vivid picture of',
  'You write so warmly about',
  'This brought back so many memories of',
  'I grew up not far from there and still remember',
  'Your chapter on',
  'Reading this with my morning coffee.',
  'Wonderful.',
  'I have been waiting for the next page!',
  'So honest and so kind.',
  'My father worked there too, around the same years.',
  'The way you describe',
  'I shared this with my sister.',
  'Beautifully told.',
];

export const COMMENT_MIDDLES = [
  'the kitchen on Sunday mornings',
  'the long walk to school',
  'the first winter in the new country',
  'the harbour at dawn',
  'your mother\u2019s recipes',
  'the old radio in the hallway',
  'the summer by the lake',
  'the letters from the front',
  'the day the factory closed',
  'the bicycle you shared with your brother',
  'the wedding in the rain',
  'your first day at work',
  'the train that never came',
  'the orchard behind the house',
  'the dancing at the village hall',
  'the smell of fresh bread',
  'the night of the storm',
  'learning the language',
  'your grandfather\u2019s clocks',
  'the market on Saturdays',
];

export const COMMENT_CLOSERS = [
  'Please keep writing.',
  'I can\u2019t wait to read more.',
  'It reminded me to call my parents.',
  'Thank you.',
  'This deserves a book.',
  'Sending love from far away.',
  'I hope your grandchildren read this.',
  'Saved it to read again.',
  'What a life!',
  'Bravo.',
  'Every word rings true.',
  'I felt like I was there.',
  '',
  '',
];

/** Story prose: sentences assembled from these (with names, places and nouns) read like memoir. */
export const SENTENCES = [
  'I was born in {place} in the spring of {year}, the {ordinal} of {count} children.',
  'My {relative} kept a small {noun} shop near the {street}, and the whole street smelled of it.',
  'We had very little, but there was always {noun} on the table and {noun} in the evenings.',
  'In {year} we left {place} with one suitcase each and a letter of introduction nobody ever read.',
  'The winters were long, and my {relative} taught me to mend {noun} by the light of the stove.',
  'I still remember the sound of the trains at night, and the way the {noun} rattled in the wind.',
  'At sixteen I became an apprentice to a {profession}, who was strict, fair and almost always right.',
  'She said that a {noun} is only as good as the patience you give it, and I have never forgotten that.',
  'We married in {place} on a rainy Saturday; half the guests arrived late and nobody minded.',
  'Our first home was two rooms above a bakery on the {street}.',
  'The years in {place} were the hardest and, I think now, the happiest of my life.',
  'When the {noun} came, we learned to live with less and to laugh about it.',
  'Every Sunday my {relative} walked us to the river and told stories about the old country.',
  'I worked as a {profession} for {count} years and loved nearly every day of it.',
  'There are things I did not understand until I had children of my own.',
  'The letters stopped in the autumn, and we waited for news that did not come.',
  'My {relative} could not read, but knew every song and every name in the village.',
  'We bought our first radio in {year}, and the neighbours came to listen to it with us.',
  'Looking back, I would change very little, except perhaps to say thank you more often.',
  'If you are reading this, I hope you will forgive the spelling and keep the stories.',
];
