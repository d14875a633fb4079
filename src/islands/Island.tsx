import type { ComponentType } from 'react';
import { islands, type IslandName, type IslandProps } from './registry';

/**
 * Server side of an island: its HTML, rendered now, inside a root that carries its name and its
 * props (JSON in an attribute: React escapes it, so no markup can break out). Islands take props,
 * never server context.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  const Component = islands[name] as unknown as ComponentType<Record<string, unknown>>;
  return (
    <div className="island" data-island={name} data-props={JSON.stringify(props)}>
      <Component {...(props as Record<string, unknown>)} />
    </div>
  );
}
