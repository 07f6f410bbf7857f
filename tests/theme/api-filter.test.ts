/** The API page's operation filter (theme/client/api/filter.ts): typed words begin words of the operation's text. */
import { describe, it, expect } from 'vitest';
import { filterWords, matchesFilter, operationFilterText } from '../../theme/client/api/filter.ts';

const matches = (text: string, query: string) => matchesFilter(text, filterWords(query));

describe('API filter', () => {
  const listRundowns = operationFilterText({ method: 'get', path: '/newsroom/{systemId}/rundowns', summary: 'List the rundowns of one newsroom system', operationId: 'listRundowns' }, 'computer');
  const getEngine = operationFilterText({ method: 'get', path: '/engines/{engineId}', summary: 'Get one engine', operationId: 'getEngine' });

  it('does not find a method inside another word', () => {
    expect(matches(listRundowns, 'put')).toBe(false);
    expect(matches('Lists deleted items', 'delete')).toBe(true); // a word that begins with it
    expect(matches('undelete', 'delete')).toBe(false);
  });

  it('finds words at the start of words, path segments and camelCase parts, in any case', () => {
    expect(matches(getEngine, 'GET engine')).toBe(true);
    expect(matches(getEngine, 'engi')).toBe(true);
    expect(matches(getEngine, '/engines/{')).toBe(true);
    expect(matches(getEngine, '{engineid}')).toBe(true);
    expect(matches(listRundowns, 'rundowns newsroom')).toBe(true);
    expect(matches(listRundowns, 'systemid')).toBe(true);
    expect(matches(getEngine, 'ngine')).toBe(false);
    expect(matches(operationFilterText({ method: 'get', path: '/engines', summary: 'List engines' }, 'minimumFreeSpace'), 'free space')).toBe(true);
  });

  it('finds the singular name for a word typed in the plural, as for schemas named in the singular', () => {
    expect(matches('Engine', 'engines')).toBe(true);
    expect(matches('GraphLong', 'graphs')).toBe(true);
    expect(matches('GraphShort', 'graphs')).toBe(true);
    expect(matches('NewsroomRundownShort', 'rundowns')).toBe(true);
    expect(matches('Address', 'address')).toBe(true);
    expect(matches('Addres', 'address')).toBe(false); // -ss is no plural
    expect(matches('Bus', 'bus')).toBe(true);
    expect(matches('Engine', 'enginex')).toBe(false);
  });

  it('needs every word, and an empty query matches everything', () => {
    expect(matches(getEngine, 'engine rundown')).toBe(false);
    expect(matches(getEngine, '  ')).toBe(true);
  });

  it('keeps matching text whose lower case changes its length', () => {
    expect(matches('İstanbul engine', 'engine')).toBe(true);
  });
});
