/**
 * The code samples' JSON body of each operation Try it has shown: the text the body editor starts
 * with (the curl sample's `--data`) and its media type, by path and method as Swagger UI's state
 * keys them. Try it's start (mount-swagger.tsx) writes it; "edited" and Reset (body-reset.tsx)
 * compare with it and return to it.
 */
export interface SampleBody {
  text: string;
  mediaType: string;
}

const bodies = new Map<string, SampleBody>();
const keyOf = (path: string, method: string) => `${path} ${method}`;

export function rememberSampleBody(path: string, method: string, body: SampleBody): void {
  bodies.set(keyOf(path, method), body);
}

export function sampleBodyOf(path: string, method: string): SampleBody | undefined {
  return bodies.get(keyOf(path, method));
}
