/** POST api/register/ and api/login/: the account's email and password. */
export interface Credentials {
  email: string;
  password: string;
}

/** What the session calls answer; the tokens themselves travel only in httpOnly cookies. */
export interface SessionBody {
  email: string;
}

/** POST users/initReset/ (the spec's field name). */
export interface PasswordResetRequest {
  user_email: string;
}

/** POST users/validateReset/: the new password and the link's `e` and `tk` parameters. */
export interface PasswordResetCompletion {
  new_password: string;
  email: string;
  token: string;
}

/** A sentence for the learner: the password-reset and subscription calls answer with one. */
export interface MessageBody {
  message: string;
}

/** A call that takes no body is still sent `{}`: the API refuses unknown fields strictly. */
export type EmptyBody = Record<string, never>;
