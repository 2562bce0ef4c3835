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
};
const support: Support = {
  support_id: 9,
  name: 'Drum circle',
  category: 'Cultural',
  description: null,
  reporting_type: 15,
  reporting_type_name: 'Cultural and community supports',
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
      category: 'Supports',
      description: barrier.description,
      reportingType: 7,
      reportingTypeName: 'Childcare and family responsibilities',
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
    expect(viewFieldsOf(barrierItem(barrier))).toEqual(['name', 'category', 'reportingType', 'description']);
    expect(
      viewFieldsOf(barrierItem({ ...barrier, reporting_type: null, reporting_type_name: null })),
    ).toEqual(['name', 'category', 'description']);
    expect(
      viewFieldsOf(supportItem({ ...support, reporting_type: null, reporting_type_name: null })),
    ).toEqual(['name', 'category', 'reportingType', 'description']);
    expect(viewFieldsOf(trainingItem(training))).toEqual([
      'name',
      'reportingType',
      'certificate',
      'description',
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

describe('reporting types offered', () => {
  const types: ReportingType[] = [
    { reporting_type_id: 1, type: 'Income', category: 'Barrier' },
    { reporting_type_id: 11, type: 'Job search', category: 'Support' },
    { reporting_type_id: 2, type: 'Other barrier', category: 'Barrier' },
    { reporting_type_id: 19, type: 'Safety', category: 'Training' },
  ];

  it("offers a kind only its own, in the server's order", () => {
    expect(reportingTypesOf('barriers', types).map((t) => t.reporting_type_id)).toEqual([1, 2]);
    expect(reportingTypesOf('supports', types).map((t) => t.reporting_type_id)).toEqual([11]);
    expect(reportingTypesOf('trainings', types).map((t) => t.reporting_type_id)).toEqual([19]);
  });
});
