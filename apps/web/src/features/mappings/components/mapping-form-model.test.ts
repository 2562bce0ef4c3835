import { describe, expect, it } from 'vitest';
import { BODY_SCHEMAS, emptyMappingForm, mappingFormValuesOf, saveFieldsOf } from './mapping-form-model.ts';
import type { MappingItem } from './mapping-kinds.ts';

const training: MappingItem = {
  kind: 'trainings',
  id: 2,
  name: 'WHMIS',
  nameFr: 'SIMDUT',
  category: null,
  description: null,
  descriptionFr: null,
  reportingType: 19,
  reportingTypeName: 'Workplace safety certification',
  reportingTypeNameFr: null,
  certificate: true,
  disabled: false,
  isOther: false,
};

describe('mapping form values', () => {
  it('starts a new item empty', () => {
    expect(emptyMappingForm).toEqual({
      name: '',
      name_fr: '',
      category: '',
      reporting_type: null,
      certificate: false,
      description: '',
      description_fr: '',
    });
  });

  it("holds an item's answers, '' for what it has none of", () => {
    expect(mappingFormValuesOf(training)).toEqual({
      name: 'WHMIS',
      name_fr: 'SIMDUT',
      category: '',
      reporting_type: 19,
      certificate: true,
      description: '',
      description_fr: '',
    });
  });
});

describe('the body a save sends (spec §7)', () => {
  const values = {
    name: '  Sewing circle ',
    name_fr: ' Cercle de couture ',
    category: 'Cultural',
    reporting_type: 15,
    certificate: true,
    description: '',
    description_fr: '',
  };

  it('sends a support its category and mapping, no certificate; trimmed, empty description as null', () => {
    const fields = saveFieldsOf('supports', values, false);
    expect(fields).not.toHaveProperty('certificate');
    expect(BODY_SCHEMAS.supports.parse(fields)).toEqual({
      name: 'Sewing circle',
      name_fr: 'Cercle de couture',
      description: null,
      description_fr: null,
      disabled: false,
      category: 'Cultural',
      reporting_type: 15,
    });
  });

  it('sends a training its certificate and no category', () => {
    const fields = saveFieldsOf('trainings', values, false);
    expect(fields).not.toHaveProperty('category');
    expect(BODY_SCHEMAS.trainings.parse(fields)).toEqual({
      name: 'Sewing circle',
      name_fr: 'Cercle de couture',
      description: null,
      description_fr: null,
      disabled: false,
      certificate: true,
      reporting_type: 15,
    });
  });

  it('lets a barrier go without a mapping', () => {
    const fields = saveFieldsOf('barriers', { ...values, category: 'Health', reporting_type: null }, false);
    expect(BODY_SCHEMAS.barriers.parse(fields)).toEqual({
      name: 'Sewing circle',
      name_fr: 'Cercle de couture',
      description: null,
      description_fr: null,
      disabled: false,
      category: 'Health',
      reporting_type: null,
    });
  });

  it("disables and restores with the item's own answers", () => {
    const fields = saveFieldsOf('trainings', mappingFormValuesOf(training), true);
    expect(BODY_SCHEMAS.trainings.parse(fields)).toEqual({
      name: 'WHMIS',
      name_fr: 'SIMDUT',
      description: null,
      description_fr: null,
      disabled: true,
      certificate: true,
      reporting_type: 19,
    });
  });

  it('refuses what spec §5 refuses: no name, no category, no mapping for a support or a training', () => {
    const empty = saveFieldsOf('supports', emptyMappingForm, false);
    const paths = BODY_SCHEMAS.supports.safeParse(empty).error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(['name', 'category', 'reporting_type']);
    const training = BODY_SCHEMAS.trainings.safeParse(saveFieldsOf('trainings', emptyMappingForm, false));
    expect(training.error?.issues.map((i) => i.path.join('.'))).toEqual(['name', 'reporting_type']);
    const barrier = BODY_SCHEMAS.barriers.safeParse(saveFieldsOf('barriers', emptyMappingForm, false));
    expect(barrier.error?.issues.map((i) => i.path.join('.'))).toEqual(['name', 'category']);
  });
});
