import type { ComponentType } from 'react';
import MobileMenu from './MobileMenu';

// Every island by name. The server renders them through <Island>, the client entry hydrates them
// from the same table, so a name can never point at two different components.
export const islands = {
  MobileMenu,
} satisfies Record<string, ComponentType<never>>;

export type IslandName = keyof typeof islands;
export type IslandProps<N extends IslandName> = Parameters<(typeof islands)[N]>[0];
