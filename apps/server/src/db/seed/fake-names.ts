import {
  fakePhone,
  fakeUnassignedPhone,
  FEMALE_FIRST_NAMES,
  INDIGENOUS_LAST_NAMES,
  LAST_NAMES,
  MALE_FIRST_NAMES,
  type Rng,
} from './fake-data.ts';

/**
 * Who a generated client is called. The demo data and the tests use the short lists of
 * fake-data.ts (`SMALL_NAMES`, the same random draws as ever); the large seed uses `LARGE_NAMES`:
 * at 1,000,000 clients the short lists gave each client about 57 candidate duplicate pairs (the
 * same family or given name with a birth date a digit away), against about 6 at 100,000, and the
 * pair finder's cost follows the candidates. Their phone numbers, likewise, are as varied as real
 * ones (fakeUnassignedPhone), not 100 an area code.
 */
export interface NamePicker {
  first(rng: Rng, gender: string): string;
  last(rng: Rng, indigenous: boolean): string;
  /** The client's phone number, in the centre's area code where the list keeps to it. */
  phone(rng: Rng, areaCode: string): string;
}

/** The short lists, drawn as fakeClient always drew them. */
export const SMALL_NAMES: NamePicker = {
  first: (rng, gender) => rng.pick(gender === 'Male' ? MALE_FIRST_NAMES : FEMALE_FIRST_NAMES),
  last: (rng, indigenous) =>
    indigenous && rng.chance(0.7) ? rng.pick(INDIGENOUS_LAST_NAMES) : rng.pick(LAST_NAMES),
  phone: fakePhone,
};

const words = (text: string): readonly string[] => text.trim().split(/\s+/);

const MORE_FEMALE = words(`
  Abigail Alexandra Alice Alicia Alison Allison Amber Amy Andrea Angela Anna Annie Ariane Audrey Ava Avery
  Bailey Beatrice Bianca Bonnie Brianna Bridget Brittany Caitlin Cassandra Catherine Charlotte Chantal Christina
  Claire Claudia Colleen Courtney Crystal Dana Danielle Deborah Denise Diane Dominique Elizabeth Ella Eloise
  Emma Erin Evelyn Fiona Florence Frédérique Grace Heather Holly Isabella Jacqueline Jade Jasmine Jennifer
  Jenna Joanne Josée Julia Julie Justine Karen Kathleen Katie Kelsey Kimberly Laura Lauren Laurence Leah
  Lindsay Lisa Louise Lucie Lydia Mackenzie Madeleine Maëlle Manon Marianne Marilyn Maryse Maude Maya Melissa
  Michelle Mia Monique Morgan Nadia Nathalie Naomi Nora Océane Paige Pamela Patricia Rachel Rebecca Renée
  Rhiannon Riley Samantha Sandra Sara Shannon Sophie Stéphanie Stephanie Suzanne Sydney Tara Taylor Tiffany
  Valérie Vanessa Véronique Victoria Violet Virginie Whitney Yasmine Zoë Anaïs Béatrice Célia Élodie Éloïse
  Hélène Inès Joëlle Mégane Solène Thérèse Ngozi Chiamaka Amara Adaeze Ifeoma Zainab Hafsa Maryam Noor Leila
  Yara Samira Rania Layla Deepa Anjali Kavya Navneet Manpreet Jaspreet Kiran Neha Pooja Ritu Sunita Ling
  Yan Hui Min Jing Mai Linh Thuy Hoa Yuki Sakura Hana Ji-woo Seo-yeon Min-ji Camila Valentina Lucía Sofía
  Gabriela Daniela Isabel Luz Carmen Teresa Rosa Olga Svitlana Iryna Halyna Agnieszka Katarzyna Magdalena
  Ewa Joanna Aoife Niamh Ciara Saoirse Kaya Aiyana Tala Sequoia Shawnee Koko Pakak Ulaajuk Qilak Ningiukulu
`);

const MORE_MALE = words(`
  Aaron Adam Adrian Aiden Alexander Alexandre Andrew Anthony Antoine Austin Benjamin Blake Bradley Brayden
  Brendan Brian Caleb Cameron Carter Charles Christian Christopher Cole Colin Curtis Daniel David Derek Dylan
  Edward Elijah Émile Eric Evan Frédéric Gavin George Gregory Guillaume Hunter Ian Isaac Jack Jacob Jakob James
  Jason Jean Jeremy Joël Jonathan Joseph Joshua Julien Kevin Kieran Landon Laurent Léo Logan Louis Lucas Marc
  Marcus Mark Martin Mason Matthew Maxime Michael Mitchell Nathan Nathaniel Nicholas Nicolas Noël Patrick
  Paul Peter Philippe Pierre Quentin Raphaël Raymond Rémi Richard Robert Ryan Sébastien Simon Spencer Stephen
  Steven Thomas Timothy Trevor Victor Vincent William Xavier Zachary Yannick Benoît Cédric Denis Hugo Jérémie
  Loïc Mathis Thierry Chidi Emeka Obinna Kwame Kofi Ibrahim Hassan Hussein Khalid Mustafa Tariq Bilal Karim
  Samir Youssef Amir Rohan Vikram Aditya Harjit Manjit Sukhdeep Navdeep Ravi Sanjay Anil Deepak Chen Ming
  Jian Lei Bo Tuan Minh Duc Quang Hiroshi Kenji Min-jun Ji-ho Carlos Diego Javier Luis Mateo Santiago Andrés
  Rafael Pablo Bohdan Mykola Oleksandr Andriy Piotr Tomasz Krzysztof Marek Ciarán Oisín Declan Cormac Niall
  Dakota Kanen Ohanzee Takoda Kajika Iluak Tuktu Qajaq Aputik Jaaka Mosesie
`);

/** French given names of two parts, as Québec and Acadia give them. */
const FRENCH_COMPOUND_FEMALE = words(`
  Marie-Claude Marie-Josée Marie-Pier Marie-Hélène Marie-France Marie-Soleil Anne-Marie Anne-Sophie
  Marie-Christine Marie-Andrée Ève-Marie Rose-Marie
`);
const FRENCH_COMPOUND_MALE = words(`
  Jean-François Jean-Philippe Jean-Sébastien Jean-Michel Jean-Luc Pierre-Luc Pierre-Olivier Marc-André
  Marc-Antoine Louis-Philippe Charles-Étienne Jean-Christophe
`);

const MORE_LAST = words(`
  Adams Allen Archer Armstrong Arsenault Atkinson Bailey Baker Barnes Beaulieu Beaudoin Bédard Bell Bennett
  Bernier Bilodeau Bisson Blais Blanchette Boisvert Boucher Boudreau Bourque Boutin Boyd Bradley Brooks Bruce
  Bryant Burke Burns Butler Caron Carpenter Carter Chabot Champagne Chan Chang Charbonneau Chartrand Cheng
  Chiasson Chow Chung Clark Cloutier Cole Collins Cook Cooper Cormier Cox Crawford Cunningham Cyr Daigle
  Davidson Davies Davis Demers Desjardins Deschamps Doucet Dufour Dupuis Duncan Edwards Elliott Evans Ferguson
  Fleming Fontaine Forbes Foster Fournier Fox Gallant Gardner Gaudet Gibson Gilbert Gordon Gosselin Grant Gray
  Green Grenier Hall Hamilton Harris Harvey Hébert Henderson Hill Holmes Howard Hughes Hunter Jackson Jacobs
  James Jensen Jones Kennedy Kerr King Knight Lachance Lafleur Lalonde Lambert Landry Langlois Lapointe
  Larocque Lavallée Lebel Leduc Lefebvre Legault Lemieux Lessard Lewis Lin Liu Lloyd Lu MacDougall MacKay
  MacKenzie MacKinnon MacLean MacNeil Mackay Marchand Marshall Martel Mason Matthews McCarthy McDonald
  McKenzie McLean McNeil Mercier Michaud Miller Mills Moore Moreau Morgan Morris Murray Nadeau Nelson Nicholson
  Noël Olson Ouimet Owen Paquette Paradis Parent Parker Paul Payne Pearson Perreault Perron Perry Peters
  Phillips Picard Plante Poulin Powell Price Proulx Quinn Reid Richard Richardson Rioux Rivard Roberts
  Robertson Robichaud Rogers Rousseau Roussel Roy Russell Sauvé Savard Simard Simpson Sinclair Smyth
  Spencer St-Pierre St-Onge Stevens Sullivan Sutherland Tessier Thibault Thomas Turcotte Turner Vachon
  Vaillancourt Walker Walsh Ward Watson White Williams Wood Wright Yang Zhang Zhou Huang Wu Xu Sun Ma Zhu Guo
  Ho Lam Leung Cheung Yip Pham Hoang Phan Vu Dang Bui Do Ngo Duong Kim Park Choi Jung Kang Cho Yoon Tanaka
  Suzuki Sato Kaur Dhillon Grewal Sidhu Brar Sangha Bains Johal Mann Virk Kumar Gupta Mehta Shah Desai Joshi
  Iyer Reddy Rao Nair Hussain Ahmed Rahman Chaudhry Malik Qureshi Siddiqui Mansour Khoury Nasser Saleh Hamdan
  Abdi Mohamed Osman Okafor Okonkwo Adeyemi Mensah Asante Boateng Diallo Traoré Ndiaye Joseph Pierre-Louis
  Jean-Baptiste Toussaint Lopez Hernandez Martinez Rodriguez Gonzalez Perez Sanchez Ramirez Torres Flores
  Silva Pereira Ferreira Costa Oliveira Rocha Nowak Wiśniewski Wójcik Kowalczyk Lewandowski Zieliński
  Bondarenko Tkachenko Kravchenko Melnyk Boyko Petrenko Hrytsenko O'Connor O'Neill O'Sullivan O'Reilly
  O'Leary O'Donnell D'Amours D'Aoust D'Entremont L'Heureux L'Italien Dell'Aquila
`);

const MORE_INDIGENOUS_LAST = words(`
  Whitehead Bird Bull Thunderchild Wolfe Littlebear Ahenakew Ballantyne Beardy Bighead Blackbird Bone Bruyere
  Chartrand Cook Courchene Daniels Ermineskin Francois Gamblin Harper Hunt Kakekayash Keewatin Lathlin
  McKay Mistickokat Monias Muskego Nepinak Ouskan Paul Peters Ratt Settee Spence Stoney Wapass Yellowquill
  Alookee Arnatsiaq Qitsualik Kunuk Tagalik Pudlat Kilabuk Kalluk
`);

const FEMALE = [...new Set([...FEMALE_FIRST_NAMES, ...MORE_FEMALE])];
const MALE = [...new Set([...MALE_FIRST_NAMES, ...MORE_MALE])];
const LAST = [...new Set([...LAST_NAMES, ...MORE_LAST])];
const INDIGENOUS_LAST = [...new Set([...INDIGENOUS_LAST_NAMES, ...MORE_INDIGENOUS_LAST])];

/** Share of family names of two parts (Roy-Hébert, Singh-Gill), as couples and their children take. */
const DOUBLE_FAMILY_NAME = 0.12;

/**
 * The large seed's names: about 400 given names a gender (French two-part names among them) and
 * 500 family names, one in eight a two-part name of two of them: accents, apostrophes and hyphens
 * as Canadian names carry them.
 */
export const LARGE_NAMES: NamePicker = {
  first(rng, gender) {
    const male = gender === 'Male' || (gender !== 'Female' && rng.chance(0.5));
    if (rng.chance(0.06)) return rng.pick(male ? FRENCH_COMPOUND_MALE : FRENCH_COMPOUND_FEMALE);
    return rng.pick(male ? MALE : FEMALE);
  },
  last(rng, indigenous) {
    const one = () => (indigenous && rng.chance(0.6) ? rng.pick(INDIGENOUS_LAST) : rng.pick(LAST));
    if (!rng.chance(DOUBLE_FAMILY_NAME)) return one();
    const [a, b] = [one(), one()];
    // A name already of two parts (Jean-Baptiste) or twice the same stays as it is.
    return a === b || a.includes('-') || b.includes('-') ? a : `${a}-${b}`;
  },
  phone: (rng) => fakeUnassignedPhone(rng),
};
