/** Multipart request bodies: the code samples upload a file where the schema has one. */
import { describe, it, expect } from 'vitest';
import { codeSamples, type SampleRequest } from '../../src/openapi/samples.ts';
import { fileFields } from '../../src/openapi/file-fields.ts';

const document = {
  components: {
    schemas: {
      Upload: {
        type: 'object',
        properties: {
          title: { type: 'string' },
          file: { type: 'string', format: 'binary' },
          pages: { type: 'array', items: { type: 'string', contentMediaType: 'application/pdf' } },
          thumbnail: { $ref: '#/components/schemas/Picture' },
          count: { type: 'integer' },
        },
      },
      Picture: { type: 'string', contentEncoding: 'base64' },
    },
  },
};

const request: SampleRequest = {
  method: 'POST',
  url: 'https://api.example.com/uploads',
  query: [],
  headers: [],
  body: { mediaType: 'multipart/form-data', value: { title: 'Report', count: 2 }, files: ['file'] },
};
const sample = (lang: string) => codeSamples(request).find((s) => s.lang === lang)?.code ?? '';

describe('multipart samples', () => {
  it('finds file fields: binary or base64 strings, contentMediaType or contentEncoding (3.1), arrays of them, through $ref', () => {
    expect(fileFields(document, { $ref: '#/components/schemas/Upload' })).toEqual(['file', 'pages', 'thumbnail']);
    expect(fileFields(document, { type: 'object' })).toEqual([]);
  });

  it('curl uploads the file with -F name=@path and sends the other fields as text', () => {
    expect(sample('curl')).toBe("curl -X POST 'https://api.example.com/uploads' \\\n  -F 'title=Report' \\\n  -F 'count=2' \\\n  -F 'file=@path/to/file'");
  });

  it('JavaScript builds the FormData it sends, with a Blob for the file, and leaves the Content-Type to fetch', () => {
    const code = sample('javascript');
    expect(code).toContain('const formData = new FormData();\nformData.append("title", "Report");\nformData.append("count", "2");\nformData.append("file", new Blob(');
    expect(code).toContain('  body: formData,');
    expect(code).not.toContain('Content-Type');
    expect(() => new Function(`return (async () => { ${code.replace('await fetch', 'await (async () => ({ status: 0, text: async () => "" }))')} })`)).not.toThrow();
  });

  it('Python sends the file in files= (opened for reading) and the text fields in data=', () => {
    const code = sample('python');
    expect(code).toContain('    files={\n        "file": open("path/to/file", "rb"),\n    },');
    expect(code).toContain('    data={\n        "title": "Report",\n        "count": "2",\n    },');
  });
});
