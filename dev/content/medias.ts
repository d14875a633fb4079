// French media outlets offered to journalists in their press profile (middleware list).

import type { NewsroomMedia } from './types.js';

const MEDIAS = [
  'L’Équipe', 'Midi Olympique', 'Rugbyrama', 'France Télévisions', 'Canal+', 'Le Figaro', 'Le Monde', 'Ouest-France',
  'Sud Ouest', 'La Dépêche du Midi', 'RMC Sport', 'AFP', 'BFM TV', 'TF1', 'Radio France', 'Le Parisien',
  'L’Indépendant', 'Var-Matin', 'Nice-Matin', 'La Provence', 'Le Progrès', 'Le Dauphiné libéré', 'La Montagne',
  'La République des Pyrénées', 'Corse-Matin', 'L’Est Républicain', 'Les Dernières Nouvelles d’Alsace',
  'La Voix du Nord', 'Le Télégramme', 'Libération', 'Les Échos', '20 Minutes', 'franceinfo', 'RTL', 'Europe 1',
  'Sud Radio', 'beIN Sports', 'Eurosport', 'M6', 'Reuters', 'Ici', 'Le Journal du Dimanche', 'Le Point',
  'L’Express', 'Paris Match', 'Presse Océan', 'Centre Presse Aveyron', 'Midi Libre',
] as const;

export function buildMedias(): NewsroomMedia[] {
  return MEDIAS.map((nom, i) => ({ id: i + 1, nom }));
}
