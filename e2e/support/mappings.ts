import { expect, type Page } from '@playwright/test';
import { choose } from './forms.ts';

/** The answers of a barrier's, support's or training's form; what is left out is left as it is. */
export interface MappingAnswers {
  name?: string;
  category?: string;
  reportingType?: string;
  certificate?: boolean;
  description?: string;
  /** The French name and description (issue 34). */
  nameFr?: string;
  descriptionFr?: string;
}

/** Fills the Mappings item form (spec §2 Mappings item page, §5 mapping items). */
export async function fillMappingForm(page: Page, answers: MappingAnswers) {
  if (answers.name !== undefined)
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(answers.name);
  if (answers.category !== undefined) await choose(page, 'Category', answers.category);
  if (answers.reportingType !== undefined) await choose(page, 'Reporting Type', answers.reportingType);
  if (answers.certificate !== undefined)
    await page.getByRole('checkbox', { name: 'Certificate' }).setChecked(answers.certificate);
  if (answers.description !== undefined)
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill(answers.description);
  if (answers.nameFr !== undefined)
    await page.getByRole('textbox', { name: 'Name in French' }).fill(answers.nameFr);
  if (answers.descriptionFr !== undefined)
    await page.getByRole('textbox', { name: 'Description in French' }).fill(answers.descriptionFr);
}

/** Opens a list's New form from the list, fills it and saves it; waits for the new item's page. */
export async function createMapping(
  page: Page,
  kind: 'barriers' | 'supports' | 'trainings',
  answers: MappingAnswers,
  toast: string,
) {
  await page.goto(`/mapping/${kind}`);
  await page.getByRole('link', { name: /^New / }).click();
  await expect(page).toHaveURL(new RegExp(`/mapping/${kind}/new$`));
  await fillMappingForm(page, answers);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(toast)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/mapping/${kind}/\\d+$`));
  if (answers.name) await expect(page.getByRole('heading', { level: 1, name: answers.name })).toBeVisible();
}
