import { z } from "zod";

export const ZUnlock = z.strictObject({
  password: z.string().max(200, "The password is too long."),
  /** Optional: the person's name, recorded as the actor of what they change. */
  name: z.string().trim().max(80, "Use at most 80 characters.").optional(),
});
export type TUnlock = z.infer<typeof ZUnlock>;
