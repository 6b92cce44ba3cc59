import { expect, type Locator, type Page } from '@playwright/test';
import type { FeesPaidBy } from '../../contract/order-values.ts';
import { partOf, startOf, word, type Language } from '../words.ts';

export interface SimulatorLabels {
  brand: string;
  amount: string;
  installments: string;
  submit: string;
  customer: RegExp;
  merchant: RegExp;
  installmentsTable: string;
  comparisonTable: RegExp;
  result: string;
}

/** The simulator's labels as its catalogue spells them. */
function labelsIn(language: Language): SimulatorLabels {
  return {
    brand: word('simulator.brand', language),
    amount: word('simulator.amount', language),
    installments: word('simulator.installments', language),
    submit: word('simulator.submit', language),
    customer: startOf('simulator.fee.customer', language),
    merchant: startOf('simulator.fee.merchant', language),
    installmentsTable: word('simulator.table.caption', language),
    comparisonTable: partOf('simulator.compare.caption', language),
    result: word('simulator.result', language),
  };
}

export const EN: SimulatorLabels = labelsIn('en');
export const PT_BR: SimulatorLabels = labelsIn('pt-BR');

/** The fee simulator as a merchant sees it, by accessible names. */
export class FeeSimulatorPage {
  readonly brand: Locator;
  readonly amount: Locator;
  readonly installments: Locator;
  readonly submit: Locator;
  readonly installmentsTable: Locator;
  readonly comparisonTable: Locator;
  readonly resultHeading: Locator;

  constructor(
    readonly page: Page,
    readonly labels: SimulatorLabels = EN,
  ) {
    this.brand = page.getByLabel(labels.brand);
    this.amount = page.getByLabel(labels.amount);
    this.installments = page.getByRole('combobox', { name: labels.installments });
    this.submit = page.getByRole('button', { name: labels.submit });
    this.installmentsTable = page.getByRole('table', { name: labels.installmentsTable });
    this.comparisonTable = page.getByRole('table', { name: labels.comparisonTable });
    this.resultHeading = page.getByRole('heading', { level: 2, name: labels.result, exact: true });
  }

  async goto(query = 'lang=en'): Promise<void> {
    await this.page.goto(`/simulator?${query}`);
    await expect(this.amount).toBeVisible();
  }

  async fill(values: { brand: string; amount: string; installments: string; payer: FeesPaidBy }) {
    await this.brand.selectOption(values.brand);
    await this.amount.fill(values.amount);
    await this.installments.selectOption(values.installments);
    await this.page.getByRole('radio', { name: this.labels[values.payer] }).check();
  }

  /** The summary's value for a label, e.g. "Net amount". */
  summaryValue(label: string): Locator {
    return this.page
      .locator('.simulator-summary__item')
      .filter({ has: this.page.getByText(label, { exact: true }) })
      .locator('dd');
  }

  bodyRows(table: Locator): Locator {
    return table.locator('tbody tr');
  }

  totalsRow(): Locator {
    return this.installmentsTable.locator('tfoot tr');
  }
}
