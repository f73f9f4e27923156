import { describe, expect, it } from 'vitest';
import { mountEachTest } from '../testing/mount';
import { numHead, PlainTable } from './table';

describe('PlainTable', () => {
  const view = mountEachTest();

  it('writes the frame, the headings with numeric ones right-aligned, and the rows given', () => {
    view.render(
      <PlainTable heads={['Work', numHead('Hours')]} testId="hours" className="wide" wrapClassName="tall">
        <tr>
          <td>Formwork</td>
          <td className="num">8</td>
        </tr>
      </PlainTable>,
    );
    expect(view.container.innerHTML).toBe(
      '<div class="table-wrap tall"><table class="table wide" data-testid="hours"><thead><tr>' +
        '<th>Work</th><th class="num">Hours</th></tr></thead>' +
        '<tbody><tr><td>Formwork</td><td class="num">8</td></tr></tbody></table></div>',
    );
  });

  it('keeps the plain classes when no others are added', () => {
    view.render(
      <PlainTable heads={['Name']}>
        <tr>
          <td>A</td>
        </tr>
      </PlainTable>,
    );
    expect(view.container.querySelector('div')?.className).toBe('table-wrap');
    expect(view.container.querySelector('table')?.className).toBe('table');
    expect(view.container.querySelector('table')?.hasAttribute('data-testid')).toBe(false);
  });
});
