// Word banks: nations, venues, squads, clubs, officials, names and places.

export type Nation = {
  name: string; // "Afrique du Sud"
  the: string; // "l’Afrique du Sud"
  of: string; // "de l’Afrique du Sud"
  to: string; // "à l’Afrique du Sud"
  nick: string; // "les Springboks"
};

const nation = (name: string, the: string, of: string, to: string, nick: string): Nation => ({ name, the, of, to, nick });

export const NATIONS = {
  afs: nation('Afrique du Sud', 'l’Afrique du Sud', 'de l’Afrique du Sud', 'à l’Afrique du Sud', 'les Springboks'),
  nz: nation('Nouvelle-Zélande', 'la Nouvelle-Zélande', 'de la Nouvelle-Zélande', 'à la Nouvelle-Zélande', 'les All Blacks'),
  aus: nation('Australie', 'l’Australie', 'de l’Australie', 'à l’Australie', 'les Wallabies'),
  arg: nation('Argentine', 'l’Argentine', 'de l’Argentine', 'à l’Argentine', 'les Pumas'),
  jap: nation('Japon', 'le Japon', 'du Japon', 'au Japon', 'les Brave Blossoms'),
  fid: nation('Fidji', 'les Fidji', 'des Fidji', 'aux Fidji', 'les Flying Fijians'),
  ang: nation('Angleterre', 'l’Angleterre', 'de l’Angleterre', 'à l’Angleterre', 'le XV de la Rose'),
  irl: nation('Irlande', 'l’Irlande', 'de l’Irlande', 'à l’Irlande', 'le XV du Trèfle'),
  eco: nation('Écosse', 'l’Écosse', 'de l’Écosse', 'à l’Écosse', 'le XV du Chardon'),
  gal: nation('Pays de Galles', 'le pays de Galles', 'du pays de Galles', 'au pays de Galles', 'le XV du Poireau'),
  ita: nation('Italie', 'l’Italie', 'de l’Italie', 'à l’Italie', 'la Squadra Azzurra'),
  geo: nation('Géorgie', 'la Géorgie', 'de la Géorgie', 'à la Géorgie', 'les Lelos'),
  sam: nation('Samoa', 'les Samoa', 'des Samoa', 'aux Samoa', 'les Manu Samoa'),
  ton: nation('Tonga', 'les Tonga', 'des Tonga', 'aux Tonga', 'les ʻIkale Tahi'),
  uru: nation('Uruguay', 'l’Uruguay', 'de l’Uruguay', 'à l’Uruguay', 'los Teros'),
  can: nation('Canada', 'le Canada', 'du Canada', 'au Canada', 'les Canadiennes'),
  usa: nation('États-Unis', 'les États-Unis', 'des États-Unis', 'aux États-Unis', 'les Américaines'),
  esp: nation('Espagne', 'l’Espagne', 'de l’Espagne', 'à l’Espagne', 'los Leones'),
  gb: nation('Grande-Bretagne', 'la Grande-Bretagne', 'de la Grande-Bretagne', 'à la Grande-Bretagne', 'les Britanniques'),
} as const;

export const SIX_NATIONS_OPPONENTS: readonly Nation[] = [NATIONS.ang, NATIONS.irl, NATIONS.eco, NATIONS.gal, NATIONS.ita];
export const AUTUMN_OPPONENTS: readonly Nation[] = [
  NATIONS.afs,
  NATIONS.nz,
  NATIONS.aus,
  NATIONS.arg,
  NATIONS.jap,
  NATIONS.fid,
  NATIONS.geo,
];
export const SUMMER_OPPONENTS: readonly Nation[] = [NATIONS.arg, NATIONS.nz, NATIONS.jap, NATIONS.uru];
export const WORLD_CUP_OPPONENTS: readonly Nation[] = [
  NATIONS.nz,
  NATIONS.afs,
  NATIONS.aus,
  NATIONS.arg,
  NATIONS.irl,
  NATIONS.ang,
  NATIONS.fid,
  NATIONS.uru,
];
export const WOMEN_TEST_OPPONENTS: readonly Nation[] = [NATIONS.nz, NATIONS.can, NATIONS.usa, NATIONS.aus, NATIONS.ang, NATIONS.jap];
export const SEVENS_OPPONENTS: readonly Nation[] = [
  NATIONS.fid,
  NATIONS.nz,
  NATIONS.afs,
  NATIONS.arg,
  NATIONS.aus,
  NATIONS.esp,
  NATIONS.irl,
  NATIONS.gb,
  NATIONS.usa,
];

export type Venue = {
  name: string;
  address: string;
  zip: string;
  city: string;
  inCity: string; // "à Saint-Denis", "au Cap"
  lat: number;
  long: number;
};

const venue = (name: string, address: string, zip: string, city: string, lat: number, long: number, inCity = `à ${city}`): Venue => ({
  name,
  address,
  zip,
  city,
  inCity,
  lat,
  long,
});

export const VENUES = {
  stadeDeFrance: venue('Stade de France', 'ZAC du Cornillon Nord', '93200', 'Saint-Denis', 48.92446, 2.36017),
  velodrome: venue('Stade Vélodrome', '3 boulevard Michelet', '13008', 'Marseille', 43.26977, 5.39585),
  groupama: venue('Groupama Stadium', '10 avenue Simone Veil', '69150', 'Décines-Charpieu', 45.7653, 4.98216),
  matmut: venue('Matmut Atlantique', 'Cours Jules Ladoumègue', '33300', 'Bordeaux', 44.89729, -0.56143),
  allianzRiviera: venue('Allianz Riviera', 'Boulevard des Jardiniers', '06200', 'Nice', 43.70512, 7.19259),
  pierreMauroy: venue('Stade Pierre-Mauroy', '261 boulevard de Tournai', '59650', 'Villeneuve-d’Ascq', 50.61194, 3.13046),
  marcoussis: venue('Centre national du rugby', '3 rue Jean de Montaigu', '91460', 'Marcoussis', 48.64061, 2.22972),
  deflandre: venue('Stade Marcel-Deflandre', '2 rue Marius Lacrouts', '17000', 'La Rochelle', 46.1606, -1.1325),
  stadeDesAlpes: venue('Stade des Alpes', '26 avenue de Valmy', '38000', 'Grenoble', 45.1874, 5.7403),
  ernestWallon: venue('Stade Ernest-Wallon', '114 rue des Troènes', '31200', 'Toulouse', 43.6212, 1.4155),
  jeanDauger: venue('Stade Jean-Dauger', 'Rue Harry Owen', '64100', 'Bayonne', 43.4859, -1.4815),
  hameau: venue('Stade du Hameau', 'Boulevard de l’Aviation', '64000', 'Pau', 43.3187, -0.3208),
  mauriceDavid: venue('Stade Maurice-David', 'Avenue du Docteur Bertrand', '13090', 'Aix-en-Provence', 43.5235, 5.4275),
  rabine: venue('Stade de la Rabine', 'Rue Émile Zola', '56000', 'Vannes', 47.6468, -2.7596),
  congresToulouse: venue('Centre de congrès Pierre-Baudis', '11 esplanade Compans-Caffarelli', '31000', 'Toulouse', 43.6104, 1.435),
  twickenham: venue('Allianz Stadium', '200 Whitton Road', 'TW2 7BA', 'Londres', 51.45598, -0.34153),
  aviva: venue('Aviva Stadium', '62 Lansdowne Road', 'D04 K5F9', 'Dublin', 53.3352, -6.2285),
  murrayfield: venue('Scottish Gas Murrayfield', 'Roseburn Street', 'EH12 5PJ', 'Édimbourg', 55.9422, -3.2409),
  principality: venue('Principality Stadium', 'Westgate Street', 'CF10 1NS', 'Cardiff', 51.4782, -3.1826),
  olimpico: venue('Stadio Olimpico', 'Viale dei Gladiatori', '00135', 'Rome', 41.9339, 12.4547),
  lanfranchi: venue('Stadio Sergio Lanfranchi', 'Via Cesare Lombroso', '43124', 'Parme', 44.781, 10.294),
  dubai: venue('Sevens Stadium', 'Al Ain Road', '00000', 'Dubaï', 25.0456, 55.4172),
  leCap: venue('DHL Stadium', 'Fritz Sonnenberg Road', '8005', 'Le Cap', -33.9035, 18.4113, 'au Cap'),
  perth: venue('HBF Park', 'Roberts Road', 'WA 6000', 'Perth', -31.9445, 115.8495),
  valladolid: venue('Estadio José Zorrilla', 'Avenida del Mundial 82', '47014', 'Valladolid', 41.6445, -4.7613),
  mendoza: venue('Estadio Malvinas Argentinas', 'Avenida Champagnat', 'M5539', 'Mendoza', -32.8939, -68.8748),
  dunedin: venue('Forsyth Barr Stadium', '130 Anzac Avenue', '9016', 'Dunedin', -45.8693, 170.5247),
  tokyo: venue('Stade national du Japon', '10-1 Kasumigaokamachi', '160-0013', 'Tokyo', 35.6778, 139.7145),
  montevideo: venue('Estadio Charrúa', 'Avenida Bolivia', '11500', 'Montevideo', -34.8889, -56.0686),
} as const;

/** Where France plays away, by opponent name. */
const AWAY_VENUES: Readonly<Record<string, Venue>> = {
  Angleterre: VENUES.twickenham,
  Irlande: VENUES.aviva,
  Écosse: VENUES.murrayfield,
  'Pays de Galles': VENUES.principality,
  Italie: VENUES.olimpico,
  Argentine: VENUES.mendoza,
  'Nouvelle-Zélande': VENUES.dunedin,
  Japon: VENUES.tokyo,
  Uruguay: VENUES.montevideo,
};

export function awayVenue(opponent: Nation): Venue {
  return AWAY_VENUES[opponent.name] ?? VENUES.stadeDeFrance;
}

/** The home grounds of the XV de France and of the women's team, for generated texts. */
export const HOME_VENUES: readonly Venue[] = [
  VENUES.stadeDeFrance,
  VENUES.stadeDeFrance,
  VENUES.velodrome,
  VENUES.groupama,
  VENUES.matmut,
  VENUES.allianzRiviera,
  VENUES.pierreMauroy,
];
export const WOMEN_VENUES: readonly Venue[] = [
  VENUES.deflandre,
  VENUES.stadeDesAlpes,
  VENUES.ernestWallon,
  VENUES.jeanDauger,
  VENUES.hameau,
  VENUES.rabine,
  VENUES.matmut,
];
export const U20_VENUES: readonly Venue[] = [VENUES.mauriceDavid, VENUES.hameau, VENUES.jeanDauger, VENUES.rabine];

export type Position =
  | 'pilier-gauche'
  | 'talonneur'
  | 'pilier-droit'
  | 'deuxieme-ligne'
  | 'troisieme-ligne'
  | 'numero-huit'
  | 'demi-de-melee'
  | 'demi-d-ouverture'
  | 'centre'
  | 'ailier'
  | 'arriere';

export type Player = { name: string; position: Position; club: string; caps: number };

const player = (name: string, position: Position, club: string, caps: number): Player => ({ name, position, club, caps });

export const XV_PLAYERS: readonly Player[] = [
  player('Jean-Baptiste Gros', 'pilier-gauche', 'RC Toulon', 31),
  player('Cyril Baille', 'pilier-gauche', 'Stade Toulousain', 52),
  player('Reda Wardi', 'pilier-gauche', 'Stade Rochelais', 9),
  player('Julien Marchand', 'talonneur', 'Stade Toulousain', 42),
  player('Peato Mauvaka', 'talonneur', 'Stade Toulousain', 40),
  player('Gaëtan Barlot', 'talonneur', 'Castres Olympique', 11),
  player('Uini Atonio', 'pilier-droit', 'Stade Rochelais', 63),
  player('Dorian Aldegheri', 'pilier-droit', 'Stade Toulousain', 22),
  player('Régis Montagne', 'pilier-droit', 'ASM Clermont Auvergne', 6),
  player('Thibaud Flament', 'deuxieme-ligne', 'Stade Toulousain', 33),
  player('Emmanuel Meafou', 'deuxieme-ligne', 'Stade Toulousain', 14),
  player('Hugo Auradou', 'deuxieme-ligne', 'Section paloise', 8),
  player('Mickaël Guillard', 'deuxieme-ligne', 'Lyon OU', 9),
  player('Charles Ollivon', 'troisieme-ligne', 'RC Toulon', 46),
  player('François Cros', 'troisieme-ligne', 'Stade Toulousain', 31),
  player('Paul Boudehent', 'troisieme-ligne', 'Stade Rochelais', 17),
  player('Oscar Jegou', 'troisieme-ligne', 'Stade Rochelais', 12),
  player('Grégory Alldritt', 'numero-huit', 'Stade Rochelais', 47),
  player('Anthony Jelonch', 'numero-huit', 'Stade Toulousain', 30),
  player('Antoine Dupont', 'demi-de-melee', 'Stade Toulousain', 57),
  player('Maxime Lucu', 'demi-de-melee', 'Union Bordeaux-Bègles', 26),
  player('Nolann Le Garrec', 'demi-de-melee', 'Racing 92', 7),
  player('Romain Ntamack', 'demi-d-ouverture', 'Stade Toulousain', 36),
  player('Matthieu Jalibert', 'demi-d-ouverture', 'Union Bordeaux-Bègles', 37),
  player('Gaël Fickou', 'centre', 'Racing 92', 94),
  player('Yoram Moefana', 'centre', 'Union Bordeaux-Bègles', 32),
  player('Pierre-Louis Barassi', 'centre', 'Stade Toulousain', 6),
  player('Nicolas Depoortère', 'centre', 'Union Bordeaux-Bègles', 6),
  player('Émilien Gailleton', 'centre', 'Section paloise', 9),
  player('Damian Penaud', 'ailier', 'Union Bordeaux-Bègles', 57),
  player('Louis Bielle-Biarrey', 'ailier', 'Union Bordeaux-Bègles', 22),
  player('Gabin Villière', 'ailier', 'RC Toulon', 26),
  player('Théo Attissogbe', 'ailier', 'Section paloise', 5),
  player('Thomas Ramos', 'arriere', 'Stade Toulousain', 42),
  player('Melvyn Jaminet', 'arriere', 'RC Toulon', 16),
];

export const WOMEN_PLAYERS: readonly Player[] = [
  player('Annaëlle Deshaye', 'pilier-gauche', 'Stade Toulousain', 45),
  player('Yllana Brosseau', 'pilier-gauche', 'Stade Bordelais', 18),
  player('Agathe Sochat', 'talonneur', 'Stade Toulousain', 36),
  player('Élisa Riffonneau', 'talonneur', 'Stade Rennais', 8),
  player('Assia Khalfaoui', 'pilier-droit', 'Stade Toulousain', 30),
  player('Clara Joyeux', 'pilier-droit', 'Blagnac Rugby féminin', 24),
  player('Manae Feleu', 'deuxieme-ligne', 'FC Grenoble Amazones', 29),
  player('Madoussou Fall Raclot', 'deuxieme-ligne', 'ASM Romagnat', 48),
  player('Kiara Zago', 'deuxieme-ligne', 'Stade Bordelais', 6),
  player('Charlotte Escudero', 'troisieme-ligne', 'Blagnac Rugby féminin', 27),
  player('Axelle Berthoumieu', 'troisieme-ligne', 'Blagnac Rugby féminin', 21),
  player('Léa Champon', 'troisieme-ligne', 'Stade Rennais', 25),
  player('Romane Ménager', 'numero-huit', 'Montpellier Rugby', 52),
  player('Pauline Bourdon Sansus', 'demi-de-melee', 'Stade Toulousain', 50),
  player('Alexandra Chambon', 'demi-de-melee', 'ASM Romagnat', 33),
  player('Lina Queyroi', 'demi-d-ouverture', 'Stade Bordelais', 19),
  player('Carla Arbez', 'demi-d-ouverture', 'Blagnac Rugby féminin', 11),
  player('Gabrielle Vernier', 'centre', 'Blagnac Rugby féminin', 47),
  player('Marine Ménager', 'centre', 'Montpellier Rugby', 44),
  player('Nassira Konde', 'centre', 'Stade Bordelais', 12),
  player('Joanna Grisez', 'ailier', 'Stade Toulousain', 28),
  player('Kelly Arbey', 'ailier', 'Stade Bordelais', 15),
  player('Séraphine Okemba', 'ailier', 'Stade Bordelais', 9),
  player('Morgane Bourgeois', 'arriere', 'Stade Bordelais', 23),
  player('Émilie Boulard', 'arriere', 'Montpellier Rugby', 38),
];

/** Positions of rugby à 7: three forwards (two props, a hooker) and four backs. */
export type SevensPosition = 'pilier' | 'talonneur' | 'demi-de-melee' | 'demi-d-ouverture' | 'centre' | 'ailier';

export type SevensPlayer = { name: string; position: SevensPosition; club: string; caps: number };

const sevens = (name: string, position: SevensPosition, club: string, caps: number): SevensPlayer => ({ name, position, club, caps });

/** France 7's players under federal contract; `caps`: tournaments played on the world circuit; `club`: their club of origin. */
export const SEVENS_SQUAD: readonly SevensPlayer[] = [
  sevens('Antoine Zeghdar', 'centre', 'Section paloise', 27),
  sevens('Jefferson-Lee Joseph', 'ailier', 'RC Toulon', 21),
  sevens('Stephen Parez Edo Martin', 'demi-de-melee', 'US Montauban', 49),
  sevens('Rayan Rebbadj', 'ailier', 'Stade Français Paris', 31),
  sevens('Aaron Grandidier Nkanang', 'pilier', 'Racing 92', 29),
  sevens('Paulin Riva', 'demi-d-ouverture', 'Aviron bayonnais', 38),
  sevens('Varian Pasquet', 'ailier', 'Castres Olympique', 14),
  sevens('Jordan Sepho', 'pilier', 'Stade Rochelais', 12),
  sevens('Andy Timo', 'talonneur', 'Lyon OU', 19),
  sevens('Théo Forner', 'pilier', 'USA Perpignan', 10),
  sevens('Nelson Epee', 'centre', 'Stade Français Paris', 8),
  sevens('Jean-Pascal Barraque', 'demi-d-ouverture', 'Stade Toulousain', 61),
  sevens('Tavite Veredamu', 'talonneur', 'ASM Clermont Auvergne', 36),
  sevens('Joachim Trouabal', 'ailier', 'Union Bordeaux-Bègles', 12),
];

export const SEVENS_PLAYERS: readonly string[] = SEVENS_SQUAD.map((pl) => pl.name);

export const FIRST_NAMES_M: readonly string[] = [
  'Hugo',
  'Lucas',
  'Mathis',
  'Noah',
  'Léo',
  'Enzo',
  'Jules',
  'Tom',
  'Gabriel',
  'Nathan',
  'Théo',
  'Raphaël',
  'Baptiste',
  'Maxime',
  'Clément',
  'Axel',
  'Paul',
  'Louis',
  'Evan',
  'Timothée',
  'Célian',
  'Esteban',
  'Loïc',
  'Mattéo',
];
export const FIRST_NAMES_F: readonly string[] = [
  'Camille',
  'Léa',
  'Chloé',
  'Manon',
  'Inès',
  'Jade',
  'Clara',
  'Lou',
  'Margaux',
  'Élise',
  'Anaïs',
  'Pauline',
  'Maëlle',
  'Océane',
];
export const LAST_NAMES: readonly string[] = [
  'Lacroix',
  'Bernard',
  'Duval',
  'Garcia',
  'Etcheverry',
  'Lafitte',
  'Arrieta',
  'Marty',
  'Cazenave',
  'Dubois',
  'Fabre',
  'Roux',
  'Vidal',
  'Laporte',
  'Bonnet',
  'Darrieux',
  'Marquès',
  'Sanchez',
  'Bergès',
  'Laborde',
  'Castaing',
  'Lalanne',
  'Ferrand',
  'Pujol',
  'Mercadier',
  'Tisseyre',
  'Ribeiro',
  'Ndiaye',
  'Haddad',
  'Lefort',
  'Barthe',
  'Soulé',
];

export const XV_COACH = 'Fabien Galthié';
export const WOMEN_CO_COACH = 'David Ortiz';
export const WOMEN_COACH = 'Gaëlle Mignot';
export const SEVENS_COACH = 'Jérôme Daret';
export const PRESIDENT = 'Florian Grill';

export type StaffMember = { name: string; role: string };
const staff = (name: string, role: string): StaffMember => ({ name, role });

/** The staffs as the team pages list them, head coach first. */
export const STAFFS = {
  xv: [
    staff(XV_COACH, 'Sélectionneur'),
    staff('William Servat', 'Entraîneur des avants'),
    staff('Patrick Arlettaz', 'Entraîneur de l’attaque'),
    staff('Shaun Edwards', 'Entraîneur de la défense'),
    staff('Laurent Sempéré', 'Entraîneur de la touche'),
    staff('Thibault Giroud', 'Directeur de la performance'),
  ],
  feminine: [
    staff(WOMEN_COACH, 'Co-sélectionneuse'),
    staff(WOMEN_CO_COACH, 'Co-sélectionneur'),
    staff('Samuel Cherouk', 'Entraîneur des avants'),
    staff('Camille Etcheverry', 'Préparatrice physique'),
  ],
  seven: [
    staff(SEVENS_COACH, 'Sélectionneur'),
    staff('Loïc Castaing', 'Entraîneur adjoint'),
    staff('Baptiste Lalanne', 'Préparateur physique'),
  ],
  u20: [
    staff('Cédric Laborde', 'Sélectionneur'),
    staff('Mathieu Bergès', 'Entraîneur des avants'),
    staff('Romain Vidal', 'Entraîneur des arrières'),
  ],
} as const satisfies Record<string, readonly StaffMember[]>;

export const REFEREES: readonly string[] = [
  'Mathieu Raynal',
  'Pierre Brousset',
  'Luc Ramos',
  'Ludovic Cayre',
  'Tual Trainini',
  'Adrien Marbot',
  'Cédric Marchat',
  'Thomas Charabas',
  'Aurélie Groizeleau',
  'Doriane Domenjo',
];

/** Clubs as named in match reports (city or usual short name, no article needed). */
export const CLUBS = {
  top14: [
    'Toulouse',
    'Bordeaux-Bègles',
    'La Rochelle',
    'Toulon',
    'Racing 92',
    'Stade Français',
    'Clermont',
    'Castres',
    'Pau',
    'Bayonne',
    'Montpellier',
    'Lyon',
    'Perpignan',
    'Montauban',
  ],
  proD2: [
    'Provence Rugby',
    'Oyonnax',
    'Colomiers',
    'Agen',
    'Brive',
    'Mont-de-Marsan',
    'Biarritz',
    'Béziers',
    'Dax',
    'Valence Romans',
    'Grenoble',
    'Nevers',
    'Angoulême',
    'Vannes',
    'Aurillac',
    'Carcassonne',
  ],
  nationale: [
    'Rouen',
    'Narbonne',
    'Nice',
    'Bourgoin-Jallieu',
    'Chambéry',
    'Tarbes',
    'Albi',
    'Hyères-Carqueiranne',
    'Suresnes',
    'Périgueux',
    'Blagnac',
    'Massy',
  ],
  nationale2: [
    'Saint-Jean-de-Luz',
    'Bergerac',
    'Lannemezan',
    'Dijon',
    'Châteaurenard',
    'Rennes',
    'Rodez',
    'Cognac',
    'Vienne',
    'Floirac',
    'Anglet',
    'Blois',
  ],
  federale1: [
    'Tulle',
    'Castanet',
    'Saint-Gaudens',
    'Auch',
    'Marcq-en-Barœul',
    'Bagnères-de-Bigorre',
    'Aubenas',
    'Lombez-Samatan',
    'Langon',
    'Lavaur',
    'Gaillac',
    'Céret',
  ],
  elite1: ['Toulouse', 'Blagnac', 'Montpellier', 'Bordeaux', 'Romagnat', 'Grenoble', 'Lons', 'Rennes', 'Bobigny', 'Villeneuve-d’Ascq'],
  elite2: ['Chilly-Mazarin', 'Rouen', 'Bayonne', 'Lille Métropole', 'Toulon', 'Stade Français', 'Nantes', 'Lyon', 'Caen', 'Saint-Orens'],
} as const;

/** Full names of the Top 14 clubs, for squad lists ("Club" column) and internationals. */
export const TOP14_FULL_NAMES: Readonly<Record<string, string>> = {
  Toulouse: 'Stade Toulousain',
  'Bordeaux-Bègles': 'Union Bordeaux-Bègles',
  'La Rochelle': 'Stade Rochelais',
  Toulon: 'RC Toulon',
  'Racing 92': 'Racing 92',
  'Stade Français': 'Stade Français Paris',
  Clermont: 'ASM Clermont Auvergne',
  Castres: 'Castres Olympique',
  Pau: 'Section paloise',
  Bayonne: 'Aviron bayonnais',
  Montpellier: 'Montpellier Hérault Rugby',
  Lyon: 'Lyon OU',
  Perpignan: 'USA Perpignan',
  Montauban: 'US Montauban',
};

export type Region = { name: string; inRegion: string };
const region = (name: string, inRegion = `en ${name}`): Region => ({ name, inRegion });

export const REGIONS: readonly Region[] = [
  region('Occitanie'),
  region('Nouvelle-Aquitaine'),
  region('Auvergne-Rhône-Alpes'),
  region('Île-de-France'),
  region('Provence-Alpes-Côte d’Azur'),
  region('Hauts-de-France', 'dans les Hauts-de-France'),
  region('Bretagne'),
  region('Normandie'),
  region('Grand Est', 'dans le Grand Est'),
  region('Bourgogne-Franche-Comté'),
  region('Centre-Val de Loire'),
  region('Pays de la Loire'),
  region('Corse'),
];

export type Town = { name: string; inTown: string };
const town = (name: string, inTown = `à ${name}`): Town => ({ name, inTown });

export const TOWNS: readonly Town[] = [
  town('Lannemezan'),
  town('Saint-Jean-de-Luz'),
  town('Rumilly'),
  town('Chambéry'),
  town('Périgueux'),
  town('Bourg-en-Bresse'),
  town('Tarbes'),
  town('Mont-de-Marsan'),
  town('Auch'),
  town('Narbonne'),
  town('Brive-la-Gaillarde'),
  town('Dax'),
  town('Aurillac'),
  town('Vannes'),
  town('Nevers'),
  town('Albi'),
  town('Rodez'),
  town('Cognac'),
  town('Mâcon'),
  town('Dijon'),
  town('Le Creusot', 'au Creusot'),
  town('Les Sables-d’Olonne', 'aux Sables-d’Olonne'),
  town('Saint-Malo'),
  town('Valence'),
];
