import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventChoices } from '../../src/features/forms/event-choices.server';
import { parisDay } from '../../src/lib/format/date';
import { decodeEntities } from '../../src/lib/html/entities';
import { EventSchema } from '../../src/schemas/event';
import { php, pluginWarnings, wp } from './helpers';

// The accreditation forms' event checkbox, `[checkbox* accreditation-event-title … data:evenements.…]`,
// takes its choices from Contact Form 7's wpcf7_form_tag_data_option filter, which the plugin answers
// (includes/class-accreditation-events.php) from this WordPress's own events: the « evenement » posts
// with their dates and accreditation window. Its answers are compared with the local emulator's
// (dev/cf7/data-options.ts, « the federation's filter ») for the same events, and with what the
// worker offers for them (src/features/forms/event-choices.server.ts), through CF7's own decoding.

type Kind = 'evenements-presse' | 'rencontres-internationales';
type Spec = {
  /** As an editor types it in WordPress (straight apostrophes). */
  title: string;
  kind: Kind | null;
  status: 'publish' | 'draft';
  /** Seconds from WordPress's now. */
  start: number;
  end: number;
  deadline: number;
  /** How the deadline is stored: ISO 8601 with the offset, or the site's wall clock. */
  deadlineAs?: 'iso' | 'local';
};

const H = 3600;
const D = 24 * H;
const SPECS: Spec[] = [
  {
    title: "Journée médias de l'équipe de France féminine",
    kind: 'evenements-presse',
    status: 'publish',
    start: 10 * D,
    end: 10 * D + 8 * H,
    deadline: 5 * D,
  },
  {
    title: "Conférence de presse : bilan des tests d'automne",
    kind: 'evenements-presse',
    status: 'publish',
    start: 2 * D,
    end: 2 * D + H,
    deadline: -H,
  },
  {
    title: 'Point presse & bilan du président',
    kind: 'evenements-presse',
    status: 'publish',
    start: 20 * D,
    end: 20 * D + H,
    deadline: 15 * D,
    deadlineAs: 'local',
  },
  { title: 'France – Irlande', kind: 'rencontres-internationales', status: 'publish', start: 7 * D, end: 7 * D + 2 * H, deadline: 2 * D },
  {
    title: 'Pays de Galles – France',
    kind: 'rencontres-internationales',
    status: 'publish',
    start: 4 * D,
    end: 4 * D + 2 * H,
    deadline: D,
  },
  { title: 'France – Italie', kind: 'rencontres-internationales', status: 'publish', start: -3 * D, end: -3 * D + 2 * H, deadline: -8 * D },
  // Over, though its deadline was set after it: closed for the emulator (its end), the worker (its day) and the plugin.
  { title: 'Écosse – France', kind: 'rencontres-internationales', status: 'publish', start: -D, end: -D + 2 * H, deadline: D },
  {
    title: 'Angleterre – France (brouillon)',
    kind: 'rencontres-internationales',
    status: 'draft',
    start: 9 * D,
    end: 9 * D + 2 * H,
    deadline: 3 * D,
  },
  { title: 'Soirée des partenaires', kind: null, status: 'publish', start: 5 * D, end: 5 * D + 3 * H, deadline: 2 * D },
];

/** The data: options the emulator knows (dev/content/forms.ts EVENT_DATA_OPTIONS), each form's. */
const OPTIONS = ['evenements.presse', 'evenements.rencontres', 'evenements.a-venir'] as const;
const KIND_OF: Record<(typeof OPTIONS)[number], Kind | null> = {
  'evenements.presse': 'evenements-presse',
  'evenements.rencontres': 'rencontres-internationales',
  'evenements.a-venir': null,
};

type Created = {
  now: number;
  events: Array<{
    id: number;
    title: string;
    kind: Kind | null;
    status: string;
    startDate: string;
    endDate: string;
    deadline: string | null;
  }>;
};

/** The emulator's filter, loaded at run time (dev/ is type-checked by its own tsconfig). */
type Emulator = {
  formTagDataOption: (store: { content: { events: unknown[] }; now: () => number }, options: string[], now?: number) => string[] | null;
};
const EMULATOR = fileURLToPath(new URL('../../dev/cf7/data-options.ts', import.meta.url));

let created: Created;
let emulator: Emulator;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

beforeAll(async () => {
  emulator = (await import(/* @vite-ignore */ EMULATOR)) as Emulator;
  // Only this file's events: whatever an earlier run left is deleted first.
  ({ result: created } = await php<Created>(
    `$specs = json_decode(base64_decode('${b64(SPECS)}'), true);
    foreach (get_posts(['post_type' => 'evenement', 'post_status' => 'any', 'numberposts' => -1]) as $old) wp_delete_post($old->ID, true);
    $now = time();
    $local = fn($t) => wp_date('Y-m-d\\\\TH:i:s', $t);
    $out = [];
    foreach ($specs as $s) {
      $meta = ['ffr_start_date' => $local($now + $s['start']), 'ffr_end_date' => $local($now + $s['end'])];
      $deadline = null;
      if ($s['kind']) {
        $deadline = ($s['deadlineAs'] ?? 'iso') === 'local' ? $local($now + $s['deadline']) : wp_date('c', $now + $s['deadline']);
        $meta['ffr_accreditation_kind'] = $s['kind'];
        $meta['ffr_accreditation_deadline'] = $deadline;
      }
      $id = wp_insert_post(['post_type' => 'evenement', 'post_title' => $s['title'], 'post_status' => $s['status'], 'meta_input' => $meta], true);
      if (is_wp_error($id)) throw new Exception($id->get_error_message());
      $out[] = ['id' => $id, 'title' => $s['title'], 'kind' => $s['kind'], 'status' => $s['status'], 'startDate' => $meta['ffr_start_date'], 'endDate' => $meta['ffr_end_date'], 'deadline' => $deadline];
    }
    return ['now' => $now, 'events' => $out];`,
    { as: 'admin' },
  ));
});

afterAll(async () => {
  await php(
    `foreach (get_posts(['post_type' => 'evenement', 'post_status' => 'any', 'numberposts' => -1]) as $p) wp_delete_post($p->ID, true); return true;`,
    { as: 'admin' },
  );
  expect(await pluginWarnings()).toEqual([]);
});

type Answers = Record<string, { answer: unknown; decoded: string[] | null }>;

/**
 * The filter's answers, as Contact Form 7 asks (WPCF7_FormTag::get_data_option: null, the tag's data:
 * values, its arguments), and each decoded as CF7's enum rule decodes them (modules/checkbox.php).
 */
async function answers(cases: Record<string, { data?: unknown; options: string[] }>, extra = '') {
  const { result } = await php<Answers>(
    `${extra}
    $cases = json_decode(base64_decode('${b64(cases)}'), true);
    $out = [];
    foreach ($cases as $name => $case) {
      $answer = apply_filters('wpcf7_form_tag_data_option', $case['data'] ?? null, $case['options'], '');
      $out[$name] = [
        'answer' => $answer,
        'decoded' => is_array($answer) ? array_map(fn($v) => html_entity_decode((string) $v, ENT_QUOTES | ENT_HTML5, 'UTF-8'), $answer) : null,
      ];
    }
    return $out;`,
  );
  return result;
}

/** The same events in the emulator's store: what WordPress publishes, titles written with ’ as its seed is. */
function emulatorAnswer(options: string[]) {
  const events = created.events
    .filter((e) => e.status === 'publish' && e.kind !== null)
    .map((e) => ({
      id: e.id,
      title: e.title.replaceAll("'", '’'),
      startDate: e.startDate,
      endDate: e.endDate,
      accreditation: { kind: e.kind, deadline: e.deadline },
    }))
    .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id - b.id);
  const now = created.now * 1000;
  return emulator.formTagDataOption({ content: { events }, now: () => now }, options, now);
}

describe('the accreditation forms’ data: options (wpcf7_form_tag_data_option)', () => {
  it('answers, for each option, the open events of its kind by their get_the_title(), as the emulator does for the same events', async () => {
    const result = await answers(Object.fromEntries(OPTIONS.map((o) => [o, { options: [o] }])));
    for (const option of OPTIONS) {
      console.log(`data:${option} →`, JSON.stringify(result[option]!.answer));
      expect(result[option]!.answer, option).toEqual(emulatorAnswer([option]));
    }
    expect(result['evenements.presse']!.answer).toEqual([
      'Journée médias de l&#8217;équipe de France féminine',
      'Point presse &#038; bilan du président',
    ]);
    expect(result['evenements.rencontres']!.answer).toEqual(['Pays de Galles – France', 'France – Irlande']);
    expect(result['evenements.a-venir']!.answer).toEqual([
      'Pays de Galles – France',
      'France – Irlande',
      'Journée médias de l&#8217;équipe de France féminine',
      'Point presse &#038; bilan du président',
    ]);
  });

  it('accepts exactly the titles the worker offers for these events, once CF7 decodes them', async () => {
    const result = await answers(Object.fromEntries(OPTIONS.map((o) => [o, { options: [o] }])));
    const now = new Date(created.now * 1000);
    // What the site reads: the shim's future_events (the federation's route), through the worker's schema.
    const res = await fetch(
      `${wp.url}/wp-json/ffr/v1/future_events?${new URLSearchParams({ ends_after: `${parisDay(now)}T00:00:00`, timestamp: '1' })}`,
    );
    expect(res.status).toBe(200);
    const events = z.array(EventSchema).parse(await res.json());
    for (const option of OPTIONS) {
      const offered = eventChoices(events, KIND_OF[option], now)
        .filter((e) => e.open)
        .map((e) => e.title);
      console.log(
        `data:${option} décodé comme CF7 →`,
        JSON.stringify(result[option]!.decoded),
        '; proposé par le site →',
        JSON.stringify(offered),
      );
      expect(result[option]!.decoded, option).toEqual(offered);
      expect((result[option]!.answer as string[]).map(decodeEntities)).toEqual(offered);
    }
  });

  it('leaves other data: options to their owner, and adds its titles to what another filter answered', async () => {
    const result = await answers({
      pays: { options: ['pays'] },
      'pays (déjà rempli)': { data: ['France', 'Italie'], options: ['pays'] },
      'aucun data:': { options: [] },
      'evenements.presse + autre filtre': { data: ['Autre'], options: ['evenements.presse'] },
      'evenements.presse + evenements.rencontres': { options: ['evenements.presse', 'evenements.rencontres'] },
      'evenements.a-venir + evenements.presse': { options: ['evenements.a-venir', 'evenements.presse'] },
      'Evenements.Presse': { options: ['Evenements.Presse'] },
    });
    for (const [name, { answer }] of Object.entries(result)) console.log(`data: ${name} →`, JSON.stringify(answer));
    expect(result.pays!.answer).toBeNull();
    expect(result['pays (déjà rempli)']!.answer).toEqual(['France', 'Italie']);
    expect(result['aucun data:']!.answer).toBeNull();
    expect(result['Evenements.Presse']!.answer).toBeNull();
    expect(result['evenements.presse + autre filtre']!.answer).toEqual([
      'Autre',
      'Journée médias de l&#8217;équipe de France féminine',
      'Point presse &#038; bilan du président',
    ]);
    expect(result['evenements.presse + evenements.rencontres']!.answer).toEqual(
      emulatorAnswer(['evenements.presse', 'evenements.rencontres']),
    );
    // Each event once (the emulator lists an event once per option that names it).
    expect(result['evenements.a-venir + evenements.presse']!.answer).toEqual([
      ...new Set(emulatorAnswer(['evenements.a-venir', 'evenements.presse'])),
    ]);
  });

  it('follows WordPress: an event published, closed or trashed changes the answer at once', async () => {
    const irlande = created.events.find((e) => e.title === 'France – Irlande')!;
    const draft = created.events.find((e) => e.status === 'draft')!;
    const result = await answers(
      { rencontres: { options: ['evenements.rencontres'] } },
      `wp_update_post(['ID' => ${draft.id}, 'post_status' => 'publish']);
      update_post_meta(${irlande.id}, 'ffr_accreditation_deadline', wp_date('c', time() - 60));`,
    );
    console.log(
      'data:evenements.rencontres après publication d’un brouillon et clôture de France – Irlande →',
      JSON.stringify(result.rencontres!.answer),
    );
    expect(result.rencontres!.answer).toEqual(['Pays de Galles – France', 'Angleterre – France (brouillon)']);
    const trashed = await answers(
      { rencontres: { options: ['evenements.rencontres'] } },
      `wp_trash_post(${draft.id}); update_post_meta(${irlande.id}, 'ffr_accreditation_deadline', '${irlande.deadline}');`,
    );
    expect(trashed.rencontres!.answer).toEqual(['Pays de Galles – France', 'France – Irlande']);
  });

  it('takes the events from an events plugin instead, through ffr_presse_accreditation_events', async () => {
    const result = await answers(
      { presse: { options: ['evenements.presse'] } },
      `add_filter('ffr_presse_accreditation_events', fn() => [
        ['id' => 1, 'title' => 'Point presse d&#8217;un autre plugin', 'kind' => 'evenements-presse', 'start' => time() + 86400, 'end' => time() + 90000, 'deadline' => time() + 3600],
        ['id' => 2, 'title' => 'Clos', 'kind' => 'evenements-presse', 'start' => time() + 86400, 'end' => time() + 90000, 'deadline' => time() - 1],
      ]);`,
    );
    expect(result.presse!.answer).toEqual(['Point presse d&#8217;un autre plugin']);
  });
});
