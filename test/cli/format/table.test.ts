import { describe, expect, it } from 'vitest';
import { renderTable } from '../../../cli/format/table.js';

describe('renderTable', () => {
  it('pads columns to their widest cell, right-aligns numbers and leaves no trailing blanks', () => {
    const text = renderTable([{ header: 'id' }, { header: 'runs', align: 'right' }, { header: 'status' }], [
      ['KC-01', '200', 'held'],
      ['K', '7', 'violated'],
    ]);
    expect(text).toBe(['id     runs  status', '-----  ----  --------', 'KC-01   200  held', 'K         7  violated', ''].join('\n'));
  });

  it('styles cells after padding so colour never shifts the columns', () => {
    const text = renderTable([{ header: 'a' }, { header: 'b' }], [['x', 'y']], (padded, row) => (row === 0 ? `<${padded}>` : padded));
    expect(text.split('\n')[2]).toBe('<x>  <y>');
  });
});
