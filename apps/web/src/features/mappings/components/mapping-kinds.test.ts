import type { Barrier, ReportingType, Support, Training } from '@cairn/shared/catalogue.schemas';
import { describe, expect, it } from 'vitest';
import {
  barrierItem,
  descriptionPreview,
  isMappingKind,
  matchesSearch,
  reportingTypesOf,
  supportItem,
  trainingItem,
  viewFieldsOf,
} from './mapping-kinds.ts';

const barrier: Barrier = {
  barrier_id: 4,
  name: 'No childcare',
  description: 'No affordable or available childcare during work or training hours.',
  category: 'Supports',
  disabled: false,
  is_other: false,
  reporting_type: 7,
  reporting_type_name: 'Childcare and family responsibilities',
  reporting_type_name_fr: 'Garde d’enfants et responsabilités familiales',
  name_fr: 'Aucun service de garde',
  description_fr: null,
};
const support: Support = {
  support_id: 9,
  name: 'Drum circle',
  category: 'Cultural',
  description: null,
  reporting_type: 15,
  reporting_type_name: 'Cultural and community supports',
  reporting_type_name_fr: null,
  name_fr: null,
  description_fr: null,
  disabled: true,
  is_other: false,
};
const training: Training = {
  training_id: 2,
  name: 'WHMIS',
  category: '-',
  description: 'Workplace hazardous materials',
  certificate: true,
  noc: false,
  reporting_type: 19,
  reporting_type_name: 'Workplace safety certification',
  reporting_type_name_fr: null,
  name_fr: 'SIMDUT',
  description_fr: 'Matières dangereuses utilisées au travail',
  disabled: false,
  is_other: false,
};

describe('mapping kinds', () => {
  it('knows the three lists of the routes, and nothing else', () => {
    expect(['supports', 'trainings', 'barriers'].every(isMappingKind)).toBe(true);
    expect(isMappingKind('barrier')).toBe(false);
    expect(isMappingKind('Barriers')).toBe(false);
    expect(isMappingKind(undefined)).toBe(false);
  });

  it('shows each kind as one item, a training with no category and a certificate', () => {
    expect(barrierItem(barrier)).toEqual({
      kind: 'barriers',
      id: 4,
      name: 'No childcare',
      nameFr: 'Aucun service de garde',
      category: 'Supports',
      description: barrier.description,
      descriptionFr: null,
      reportingType: 7,
      reportingTypeName: 'Childcare and family responsibilities',
      reportingTypeNameFr: 'Garde d’enfants et responsabilités familiales',
      certificate: null,
      disabled: false,
      isOther: false,
    });
    expect(supportItem(support)).toMatchObject({
      kind: 'supports',
      id: 9,
      category: 'Cultural',
      disabled: true,
    });
    expect(trainingItem(training)).toMatchObject({
      kind: 'trainings',
      id: 2,
      category: null,
      certificate: true,
    });
  });

  it("shows a barrier's reporting type only when it has one; a support's and a training's always", () => {
    expect(viewFieldsOf(barrierItem(barrier))).toEqual([
      'name',
      'nameFr',
      'category',
      'reportingType',
      'description',
      'descriptionFr',
    ]);
    expect(
      viewFieldsOf(barrierItem({ ...barrier, reporting_type: null, reporting_type_name: null })),
    ).toEqual(['name', 'nameFr', 'category', 'description', 'descriptionFr']);
    expect(
      viewFieldsOf(supportItem({ ...support, reporting_type: null, reporting_type_name: null })),
    ).toEqual(['name', 'nameFr', 'category', 'reportingType', 'description', 'descriptionFr']);
    expect(viewFieldsOf(trainingItem(training))).toEqual([
      'name',
      'nameFr',
      'reportingType',
      'certificate',
      'description',
      'descriptionFr',
    ]);
  });
});

describe('description preview (spec §9: cut at 50)', () => {
  it('keeps a description of up to 50 characters whole', () => {
    expect(descriptionPreview('a'.repeat(50))).toBe('a'.repeat(50));
    expect(descriptionPreview('Short')).toBe('Short');
  });

  it('cuts a longer one at 50 and says so', () => {
    expect(descriptionPreview('a'.repeat(51))).toBe(`${'a'.repeat(50)}...`);
    expect(descriptionPreview(barrier.description)).toBe(
      'No affordable or available childcare during work o...',
    );
  });

  it('shows nothing for no description', () => {
    expect(descriptionPreview(null)).toBe('');
  });
});

describe('list search', () => {
  const item = barrierItem(barrier);

  it('finds every word anywhere in the name, category, reporting type or description, in any case', () => {
    expect(matchesSearch(item, '')).toBe(true);
    expect(matchesSearch(item, '  ')).toBe(true);
    expect(matchesSearch(item, 'CHILDCARE')).toBe(true);
    expect(matchesSearch(item, 'hours childcare')).toBe(true);
    expect(matchesSearch(item, 'supports family')).toBe(true);
    expect(matchesSearch(item, 'childcare housing')).toBe(false);
  });

  it('does not trip on an item without description or mapping', () => {
    expect(matchesSearch(supportItem({ ...support, reporting_type_name: null }), 'drum')).toBe(true);
    expect(matchesSearch(supportItem({ ...support, reporting_type_name: null }), 'null')).toBe(false);
  });
});

describe('French names (issue 34)', () => {
  it('are found by the search, and kept apart from the English', () => {
    expect(matchesSearch(trainingItem(training), 'simdut')).toBe(true);
    expect(matchesSearch(barrierItem(barrier), 'garde')).toBe(true);
    expect(trainingItem(training)).toMatchObject({ name: 'WHMIS', nameFr: 'SIMDUT' });
    expect(supportItem(support)).toMatchObject({ nameFr: null, descriptionFr: null });
  });
});

describe('reporting types offered', () => {
  const types: ReportingType[] = [
    { reporting_type_id: 1, type: 'Income', name_fr: null, category: 'Barrier' },
    { reporting_type_id: 11, type: 'Job search', name_fr: null, category: 'Support' },
    { reporting_type_id: 2, type: 'Other barrier', name_fr: null, category: 'Barrier' },
    { reporting_type_id: 19, type: 'Safety', name_fr: null, category: 'Training' },
  ];

  it("offers a kind only its own, in the server's order", () => {
    expect(reportingTypesOf('barriers', types).map((t) => t.reporting_type_id)).toEqual([1, 2]);
    expect(reportingTypesOf('supports', types).map((t) => t.reporting_type_id)).toEqual([11]);
    expect(reportingTypesOf('trainings', types).map((t) => t.reporting_type_id)).toEqual([19]);
  });
});
