import { z } from 'zod';
import { storyUsernameSchema } from '../../contract/schemas';
import { validate } from '../shared/validate';

const input = z.object({ username: storyUsernameSchema });

/** The username a story read names; any text is accepted and simply matches no one when it is not a username. */
export function usernameSchemaLoose(raw: unknown): string {
  return validate(input, raw).username;
}
