import { describe, expect, it } from 'vitest';
import { DESIGNER_SCENARIOS } from '../../mock-core/designer-scenarios.ts';
import { SCENARIO_TITLE_PT } from './designer-panel-text.ts';

describe('the designer panel in Portuguese', () => {
  it('names every scenario of the list, and no other', () => {
    expect(Object.keys(SCENARIO_TITLE_PT).sort()).toEqual(DESIGNER_SCENARIOS.map((s) => s.id).sort());
  });
});
