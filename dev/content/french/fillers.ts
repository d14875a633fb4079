// Paragraph banks per theme, used after a template's own paragraphs to reach the article's
// paragraph count. Each paragraph stands on its own within its theme. Placeholders: {season}.

import type { Theme } from '../images.js';

type Bank = { headings: readonly string[]; paragraphs: readonly string[] };

const MEDIA_CONTACT =
  'Les demandes d’interview sont à adresser au service de presse de la Fédération, par courriel à <a href="mailto:presse@ffr.fr">presse@ffr.fr</a> ou par téléphone au +33 1 69 63 64 65.';

export const FILLERS: Record<Theme, Bank> = {
  xv: {
    headings: [
      'Une semaine de préparation intense',
      'Le mot du staff',
      'Informations pour les médias',
      'La suite du programme',
      'Dans le détail',
    ],
    paragraphs: [
      'Le staff du XV de France a mis l’accent sur la récupération cette semaine, avec des séances courtes et intenses au Centre national du rugby. Les joueurs ont également bénéficié d’un suivi individualisé de la cellule performance.',
      'Comme à chaque rassemblement, les Bleus ont consacré une partie de leur semaine à l’analyse vidéo. Les entraîneurs ont insisté sur la conquête, la discipline et la qualité du jeu au sol.',
      'Les supporters peuvent suivre la vie du groupe sur les réseaux sociaux officiels de la Fédération, qui proposent des contenus exclusifs tout au long de la semaine. Plus d’informations sur <a href="https://www.ffr.fr/equipes-de-france/xv-de-france">ffr.fr</a>.',
      'Les joueurs non retenus pour la rencontre regagneront leur club à l’issue de la séance du jeudi, conformément à la convention qui lie la Fédération et la Ligue nationale de rugby.',
      `La zone mixte sera ouverte aux médias accrédités à l’issue de la rencontre. ${MEDIA_CONTACT}`,
      '<em>Les Bleus</em> poursuivent le travail de fond engagé depuis le début de la saison {season}, avec l’ambition de s’installer durablement parmi les meilleures nations mondiales.',
      'Le XV de France peut compter sur le soutien d’un public toujours plus nombreux, avec des stades <strong>à guichets fermés</strong> lors des dernières rencontres à domicile.',
    ],
  },
  feminine: {
    headings: ['Un groupe en progression', 'Le programme de la semaine', 'Informations pour les médias', 'Les Bleues en chiffres'],
    paragraphs: [
      'L’équipe de France féminine poursuit sa montée en puissance, portée par un championnat Élite 1 de plus en plus compétitif et par l’arrivée de jeunes joueuses issues des pôles fédéraux.',
      'Le staff a prévu une semaine équilibrée entre travail collectif, séances de conquête et temps de récupération au Centre national du rugby de Marcoussis.',
      'Les rencontres des Bleues attirent un public de plus en plus nombreux : plusieurs matchs de la saison {season} se sont joués devant des tribunes pleines.',
      `Les médias souhaitant couvrir les rencontres de l’équipe de France féminine sont invités à déposer leur demande d’accréditation dans leur espace presse. ${MEDIA_CONTACT}`,
      'Le développement du rugby féminin reste une priorité de la Fédération, avec l’objectif de dépasser le cap des 50 000 licenciées dans les prochaines saisons.',
      'Retrouvez toute l’actualité des Bleues sur <a href="https://www.ffr.fr/equipes-de-france/xv-de-france-feminin">le site de la Fédération</a> et sur ses réseaux sociaux.',
    ],
  },
  seven: {
    headings: ['Le circuit mondial', 'La suite de la saison', 'Informations pratiques'],
    paragraphs: [
      'Le circuit mondial HSBC SVNS réunit les meilleures nations de rugby à 7 sur plusieurs étapes, avant une grande finale qui désigne le champion de la saison.',
      'Les joueurs sous contrat fédéral s’entraînent toute l’année au Centre national du rugby de Marcoussis, où le staff de France 7 dispose d’installations dédiées.',
      'Entre deux étapes, le groupe alterne phases de récupération, travail de vitesse et séances spécifiques consacrées aux phases de conquête et aux zones de ruck.',
      'Les rencontres de France 7 sont diffusées en France sur les antennes de France Télévisions et accessibles sur <a href="https://www.ffr.fr/equipes-de-france/france-7">ffr.fr</a>.',
      'Champion olympique à Paris en 2024, France 7 s’appuie sur un groupe mêlant joueurs expérimentés et jeunes talents repérés dans les clubs et les pôles.',
      MEDIA_CONTACT,
    ],
  },
  u20: {
    headings: ['Une génération prometteuse', 'Le programme des Bleuets', 'Informations pour les médias'],
    paragraphs: [
      'L’équipe de France U20 constitue la dernière marche avant le haut niveau. Plusieurs internationaux du XV de France sont passés par les Bleuets ces dernières saisons.',
      'Le staff a construit le groupe à partir des observations réalisées en championnat Espoirs et lors des stages organisés depuis le début de la saison {season}.',
      'Les Bleuets poursuivent leur scolarité ou leur formation professionnelle en parallèle de leur parcours sportif, avec un suivi assuré par les centres de formation des clubs.',
      'Les rencontres de l’équipe de France U20 sont diffusées en direct sur France 4 et sur la plateforme france.tv.',
      `Les demandes d’accréditation pour les matchs des Bleuets se font dans l’espace presse. ${MEDIA_CONTACT}`,
      'Retrouvez les compositions et les résultats des Bleuets sur <a href="https://www.ffr.fr/equipes-de-france/france-u20">ffr.fr</a>.',
    ],
  },
  competitions: {
    headings: ['Le classement', 'La suite de la compétition', 'Les chiffres de la journée'],
    paragraphs: [
      'La course aux phases finales reste très ouverte : à plusieurs journées de la fin de la phase régulière, une poignée de points seulement sépare les équipes qualifiables.',
      'Les rencontres de la journée se sont disputées devant une affluence cumulée en hausse par rapport à la saison précédente, signe de l’attractivité des championnats.',
      'Les résultats complets, les classements et les feuilles de match sont disponibles sur <a href="https://competitions.ffr.fr">le site des compétitions de la Fédération</a>.',
      'La commission de discipline se réunira en début de semaine pour examiner les dossiers de la journée.',
      'Les phases finales de la saison {season} se joueront sur terrain neutre, dans des villes désignées par le comité directeur de la Fédération.',
      'Plusieurs joueurs passés par les équipes de France jeunes se sont illustrés ce week-end, confirmant la qualité de la formation dans les clubs.',
    ],
  },
  arbitrage: {
    headings: ['Les désignations', 'Devenir arbitre', 'Le corps arbitral en chiffres'],
    paragraphs: [
      'La France compte plus de 3 000 arbitres en activité, des compétitions de jeunes jusqu’au plus haut niveau international.',
      'Les arbitres de haut niveau bénéficient d’un suivi physique et vidéo toute la saison, assuré par la direction technique nationale de l’arbitrage.',
      'Chaque week-end, les désignations sont établies par la commission centrale des arbitres, qui veille à la répartition des officiels sur l’ensemble du territoire.',
      'Tout licencié peut devenir arbitre à partir de 15 ans. Une formation initiale gratuite est proposée dans chaque ligue régionale. Plus d’informations sur <a href="https://www.ffr.fr/arbitrage">ffr.fr/arbitrage</a>.',
      'L’arbitrage vidéo est désormais utilisé sur l’ensemble des rencontres professionnelles, avec un protocole harmonisé avec celui de World Rugby.',
      'La Fédération a lancé pour la saison {season} un programme de parrainage qui associe chaque jeune arbitre à un officiel expérimenté.',
    ],
  },
  federation: {
    headings: ['Les décisions adoptées', 'Le mot du président', 'Les prochaines échéances'],
    paragraphs: [
      'La Fédération française de rugby regroupe près de 1 900 clubs et plus de 300 000 licenciés, pratiquants, dirigeants, éducateurs et arbitres.',
      'Les comptes rendus des instances fédérales sont consultables par les clubs dans leur espace dédié sur <a href="https://www.ffr.fr/ffr/gouvernance">ffr.fr</a>.',
      'Le comité directeur se réunit plusieurs fois par saison au Centre national du rugby de Marcoussis afin de statuer sur les orientations de la Fédération.',
      'Les ligues régionales et les comités départementaux seront associés à la mise en œuvre des mesures adoptées au cours de la saison {season}.',
      MEDIA_CONTACT,
      'Le budget de la Fédération est consacré pour une large part au développement du rugby amateur, à la formation et aux équipes de France.',
    ],
  },
  amateur: {
    headings: ['Des clubs au cœur des territoires', 'Le rôle des bénévoles', 'En pratique'],
    paragraphs: [
      'Le rugby amateur repose sur l’engagement de dizaines de milliers de bénévoles, éducateurs, dirigeants et arbitres, présents chaque week-end au bord des terrains.',
      'Les écoles de rugby accueillent les enfants dès 5 ans, dans un cadre adapté qui privilégie le plaisir du jeu, l’apprentissage et le respect des règles.',
      'Les ligues régionales accompagnent les clubs dans leurs projets : équipement, formation des éducateurs, accueil de nouveaux publics.',
      'La saison {season} a vu le nombre de licenciés progresser dans la plupart des régions, notamment chez les jeunes et les féminines.',
      'Les clubs peuvent retrouver l’ensemble des dispositifs d’aide de la Fédération sur <a href="https://www.ffr.fr/clubs">ffr.fr/clubs</a>.',
      'Les finales des championnats fédéraux restent un moment fort de la saison, avec des milliers de supporters venus de toute la France.',
    ],
  },
  formation: {
    headings: ['Le parcours de formation', 'Les inscriptions', 'En pratique'],
    paragraphs: [
      'La formation des éducateurs est un levier essentiel pour accueillir les jeunes joueurs dans les meilleures conditions et garantir leur sécurité.',
      'Les stagiaires alternent modules théoriques, mises en situation sur le terrain et évaluations réalisées dans leur club d’appartenance.',
      'Les pôles Espoirs accueillent chaque saison plusieurs centaines de jeunes joueurs et joueuses, qui concilient scolarité et entraînement quotidien.',
      'Les inscriptions aux formations fédérales de la saison {season} se font en ligne, sur <a href="https://www.ffr.fr/formation">ffr.fr/formation</a>.',
      'Les formations sont dispensées par les conseillers techniques des ligues régionales, avec le soutien de la direction technique nationale.',
      'L’Institut de formation du rugby propose également des parcours destinés aux dirigeants, aux arbitres et aux préparateurs physiques.',
    ],
  },
  sante: {
    headings: ['Le rugby pour tous', 'Comment pratiquer', 'Les bienfaits'],
    paragraphs: [
      'Le rugby à 5 se pratique sans plaquage, en mixité et à tout âge. Il séduit chaque saison de nouveaux pratiquants, souvent éloignés du rugby traditionnel.',
      'Le label « Rugby santé » distingue les clubs qui proposent des séances encadrées par des éducateurs formés à l’accueil de publics atteints de maladies chroniques.',
      'Les séances associent travail cardio-respiratoire, coordination et convivialité, dans un cadre sécurisé et adapté au niveau de chacun.',
      'La liste des clubs labellisés est disponible sur <a href="https://www.ffr.fr/rugby-sante">ffr.fr/rugby-sante</a>.',
      'Pour la saison {season}, la Fédération souhaite doubler le nombre de sections de rugby à 5 sur le territoire.',
      'Le rugby santé s’inscrit dans le dispositif du sport sur ordonnance, qui permet aux médecins de prescrire une activité physique adaptée.',
    ],
  },
  handi: {
    headings: ['Un rugby accessible', 'Les compétitions', 'Rejoindre un club'],
    paragraphs: [
      'Le handirugby regroupe plusieurs pratiques, dont le rugby fauteuil et le rugby adapté, destiné aux personnes en situation de handicap mental ou psychique.',
      'Les clubs proposant une section handirugby bénéficient d’un accompagnement de la Fédération pour l’équipement et la formation des éducateurs.',
      'L’équipe de France de rugby fauteuil s’entraîne régulièrement lors de stages organisés dans les centres partenaires de la Fédération.',
      'La saison {season} marque une nouvelle étape dans la structuration des championnats de handirugby, avec davantage d’équipes engagées.',
      'Pour trouver un club près de chez vous, rendez-vous sur <a href="https://www.ffr.fr/handirugby">ffr.fr/handirugby</a>.',
      'La Fédération travaille en lien étroit avec la Fédération française handisport et la Fédération française du sport adapté.',
    ],
  },
  presse: {
    headings: ['Modalités d’accréditation', 'Informations pratiques', 'Contacts presse'],
    paragraphs: [
      'Les demandes d’accréditation se font exclusivement en ligne, depuis l’espace presse. Chaque demande est examinée par le service de presse, qui confirme sa décision par courriel.',
      'Les journalistes accrédités devront se présenter munis d’une pièce d’identité et de leur carte de presse à l’accueil médias.',
      'Les photographes et les équipes de tournage sont invités à respecter les zones qui leur sont réservées, conformément au règlement des accréditations.',
      MEDIA_CONTACT,
      'Le service de presse est joignable du lundi au vendredi, de 9h00 à 18h00. Les jours de match, une permanence est assurée sur site.',
      'Les médias français ne disposant pas de carte de presse peuvent formuler une demande spécifique, accompagnée d’une attestation de leur rédaction.',
    ],
  },
  partenaires: {
    headings: ['Un engagement durable', 'Les actions prévues', 'À propos'],
    paragraphs: [
      'Les partenaires de la Fédération accompagnent les équipes de France mais aussi le rugby amateur, à travers des actions menées au plus près des clubs.',
      'Ce partenariat prévoit des opérations auprès des supporters lors des rencontres à domicile, ainsi que des actions en faveur des écoles de rugby.',
      'Les partenaires bénéficient d’une visibilité sur les supports de communication de la Fédération et lors des rencontres internationales.',
      'La Fédération française de rugby remercie l’ensemble de ses partenaires pour leur fidélité et leur engagement pour la saison {season}.',
      'Découvrez l’ensemble des partenaires de la Fédération sur <a href="https://www.ffr.fr/partenaires">ffr.fr/partenaires</a>.',
      MEDIA_CONTACT,
    ],
  },
};
