/**
 * The shape of a page's front matter, written once: validation and the FrontMatter type both come
 * from this schema. Unknown keys are warnings (a page from another tool still builds).
 */
import { z } from 'zod';
import { linkTarget } from '../schema/fields.ts';

const heroAction = z.strictObject({ label: z.string(), to: linkTarget, variant: z.enum(['primary', 'secondary']).optional() });
const featureCard = z.strictObject({ title: z.string(), description: z.string().default(''), to: linkTarget });

export const frontMatterSchema = z.strictObject({
  // An empty title would give an empty heading, a bare <title> and a sidebar link with no name.
  title: z.string().trim().min(1, { error: 'must not be empty: leave it out to use the page\'s first heading or its file name' }).optional(),
  id: z.string().regex(/^[A-Za-z0-9/_.-]+$/, { error: 'must be letters, digits, "-", "_", "." or "/"' }).optional(),
  slug: z
    .string()
    .regex(/^[^?#\s]*$/, { error: 'must be a path without spaces, "?" or "#"' })
    // "." and ".." segments and empty ones ("//") were resolved away without a word, and could
    // climb above the site's root or land on the home page.
    .refine((value) => !/(^|\/)\.{1,2}(\/|$)|\/\//.test(value), { error: 'must not hold "." or ".." segments or "//": write the route it should have, like "/installations/network" or "network"' })
    .optional(),
  sidebar_label: z.string().trim().min(1, { error: 'must not be empty: leave it out to use the title' }).optional(),
  sidebar_position: z.number().optional(),
  description: z.string().optional(),
  draft: z.boolean().optional(),
  hide_table_of_contents: z.boolean().optional(),
  /** `category`: a folder's index.md that lists the category's items as cards after its text. */
  layout: z.enum(['doc', 'landing', 'category']).optional(),
  hero: z.strictObject({ title: z.string().optional(), tagline: z.string().optional(), actions: z.array(heroAction).optional() }).optional(),
  features: z.array(featureCard).optional(),
});

export type FrontMatter = z.output<typeof frontMatterSchema>;
export type HeroAction = z.output<typeof heroAction>;
export type FeatureCard = z.output<typeof featureCard>;
