import type { Barrier, Support, Training } from '@cairn/shared/catalogue.schemas';
import { describe, expect, it } from 'vitest';
import {
  barrierBody,
  entriesFrom,
  entryOf,
  hasOtherNamed,
  insertEntry,
  moveEntry,
  offeredItems,
  sortTrainings,
  supportBody,
  trainingBody,
  trainingEntriesFrom,
  trainingEntryOf,
  type TrainingEntry,
} from './plan-item-entries.ts';

const support = (support_id: number, name: string, is_other = false): Support => ({
  support_id,
  name,
  category: 'Employment',
  description: null,
  reporting_type: 1,
  reporting_type_name: 'Job search',
  reporting_type_name_fr: null,
  name_fr: null,
  description_fr: null,
  disabled: false,
  is_other,
});
const resume = support(1, 'Resume help');
const other = support(9, 'Other', true);
/** The 'Other' item once an administrator renamed it, and an ordinary item that happens to be called Other. */
const autre = support(9, 'Autre', true);
const namedOther = support(3, 'Other');

describe('insertEntry (spec §9 duplicates)', () => {
  it('lets a support named Other repeat under different names', () => {
    let entries = insertEntry([], entryOf(other, 'Drum group'));
    entries = insertEntry(entries, entryOf(other, 'Sweat lodge'));
    expect(supportBody(entries)).toEqual([
      { support_id: 9, other_name: 'Drum group' },
      { support_id: 9, other_name: 'Sweat lodge' },
    ]);
  });

  it('drops a second Other of the same name, whatever its case or spaces', () => {
    const entries = insertEntry([entryOf(other, 'Drum group')], entryOf(other, ' drum GROUP '));
    expect(entries).toHaveLength(1);
  });

  it('drops any other item already on the plan', () => {
    const entries = insertEntry([entryOf(resume)], entryOf(resume));
    expect(entries).toHaveLength(1);
  });

  it('puts the new item at the place it was dropped', () => {
    const first = entryOf(resume);
    const second = entryOf(support(2, 'Interview practice'));
    const entries = insertEntry([first, second], entryOf(other, 'Drum group'), 1);
    expect(entries.map((e) => e.id)).toEqual([1, 9, 2]);
  });

  it('names only an Other item', () => {
    expect(entryOf(resume, 'ignored').other_name).toBeNull();
    expect(barrierBody([entryOf(resume, 'ignored')])).toEqual([{ barrier_id: 1, other_name: null }]);
  });

  it('knows Other by its flag, not its name', () => {
    let entries = insertEntry([], entryOf(autre, 'Drum group'));
    entries = insertEntry(entries, entryOf(autre, 'Sweat lodge'));
    expect(supportBody(entries)).toEqual([
      { support_id: 9, other_name: 'Drum group' },
      { support_id: 9, other_name: 'Sweat lodge' },
    ]);
    const plain = insertEntry([entryOf(namedOther, 'Drum group')], entryOf(namedOther, 'Sweat lodge'));
    expect(supportBody(plain)).toEqual([{ support_id: 3, other_name: null }]);
  });
});

describe('moveEntry', () => {
  it('moves an item to another place', () => {
    expect(moveEntry(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveEntry(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });
});

describe('offeredItems', () => {
  it('no longer offers an item on the plan, except Other', () => {
    const entries = [entryOf(resume), entryOf(other, 'Drum group')];
    expect(
      offeredItems([resume, support(2, 'Interview practice'), other], entries).map((s) => s.support_id),
    ).toEqual([2, 9]);
  });

  it('offers the renamed Other again, but not an ordinary item called Other', () => {
    const entries = [entryOf(autre, 'Drum group'), entryOf(namedOther)];
    expect(offeredItems([namedOther, autre], entries).map((s) => s.support_id)).toEqual([9]);
  });
});

describe('hasOtherNamed', () => {
  it('finds an Other already given this name', () => {
    const entries = [entryOf(other, 'Drum group')];
    expect(hasOtherNamed(entries, 9, 'drum group ')).toBe(true);
    expect(hasOtherNamed(entries, 9, 'Sweat lodge')).toBe(false);
  });
});

describe('entriesFrom', () => {
  it('keeps a stored barrier that was since disabled, with its given name', () => {
    const barrier: Barrier = {
      barrier_id: 4,
      name: 'Other',
      description: null,
      category: 'Personal',
      disabled: true,
      is_other: true,
      reporting_type: null,
      reporting_type_name: null,
      reporting_type_name_fr: null,
      name_fr: 'Autre',
      description_fr: null,
    };
    const [entry] = entriesFrom([{ ...barrier, other_name: 'Eviction notice' }]);
    expect(entry).toMatchObject({ id: 4, disabled: true, is_other: true, other_name: 'Eviction notice' });
  });
});

describe('trainings', () => {
  const training = (training_id: number, name: string, is_other = false): Training => ({
    training_id,
    name,
    category: '-',
    description: null,
    certificate: true,
    noc: false,
    reporting_type: 1,
    reporting_type_name: 'Safety',
    reporting_type_name_fr: null,
    name_fr: null,
    description_fr: null,
    disabled: false,
    is_other,
  });
  const whmis = training(1, 'WHMIS');
  const otherTraining = training(9, 'Other', true);

  it('sorts by date, keeps Other last and new links after saved ones of the same day', () => {
    const saved: TrainingEntry[] = trainingEntriesFrom([
      {
        plan_training_id: 5,
        training_id: 1,
        name: 'WHMIS',
        description: null,
        name_fr: 'SIMDUT',
        description_fr: null,
        certificate: true,
        disabled: false,
        is_other: false,
        date: '2026-03-02',
        noc: null,
        other_name: null,
      },
    ]);
    const early = trainingEntryOf(whmis, { date: '2026-01-10', noc: '7511', other_name: null });
    const sameDay = trainingEntryOf(whmis, { date: '2026-03-02', noc: null, other_name: null });
    const named = trainingEntryOf(otherTraining, {
      date: '2025-12-01',
      noc: null,
      other_name: 'Chainsaw safety',
    });
    const sorted = sortTrainings([named, sameDay, ...saved, early]);
    expect(sorted.map((e) => [e.date, e.plan_training_id ?? null, e.other_name])).toEqual([
      ['2026-01-10', null, null],
      ['2026-03-02', 5, null],
      ['2026-03-02', null, null],
      ['2025-12-01', null, 'Chainsaw safety'],
    ]);
  });

  it('keeps the renamed Other last and sorts an ordinary training called Other by date', () => {
    const autreTraining = training(9, 'Autre', true);
    const namedOtherTraining = training(3, 'Other');
    const renamed = trainingEntryOf(autreTraining, { date: '2025-01-01', noc: null, other_name: 'Welding' });
    const plain = trainingEntryOf(namedOtherTraining, {
      date: '2025-06-01',
      noc: null,
      other_name: 'ignored',
    });
    const later = trainingEntryOf(whmis, { date: '2026-01-10', noc: null, other_name: null });
    expect(sortTrainings([renamed, later, plain]).map((e) => [e.id, e.other_name])).toEqual([
      [3, null],
      [1, null],
      [9, 'Welding'],
    ]);
  });

  it('sends saved links with their id and new ones without', () => {
    const [savedEntry] = trainingEntriesFrom([
      {
        plan_training_id: 5,
        training_id: 1,
        name: 'WHMIS',
        description: null,
        name_fr: 'SIMDUT',
        description_fr: null,
        certificate: true,
        disabled: false,
        is_other: false,
        date: '2026-03-02',
        noc: '7511',
        other_name: null,
      },
    ]);
    const added = trainingEntryOf(whmis, { date: '2026-03-04', noc: null, other_name: 'ignored' });
    expect(trainingBody([savedEntry!, added])).toEqual([
      { plan_training_id: 5, training_id: 1, date: '2026-03-02', noc: '7511', other_name: null },
      { training_id: 1, date: '2026-03-04', noc: null, other_name: null },
    ]);
  });
});
