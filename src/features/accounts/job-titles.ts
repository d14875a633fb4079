/** SPEC §3: job titles for accreditation and journalist profiles. */
export const JOB_TITLES = [
  'Journaliste', 'JRI', 'Consultant', 'Pigiste', 'Indépendant', 'Secrétaire de rédaction', 'Reporter photographe', 'Chroniqueur',
  "Chef d'édition", 'Grand reporter', 'Rédacteur en chef', 'Directeur/trice de rédaction', 'Chef du service', 'Chef du service - adjoint',
  'Correspondant', 'Producteur', 'Communication',
] as const;
