/** The caller's cookie session, as the procedures may change it. */
export interface SessionControl {
  /** Ends any old session, issues a new id and binds it to the user. */
  login(userId: number): Promise<void>;
  /** Destroys the session. */
  logout(): Promise<void>;
  /** The current session id, if any. */
  currentId(): string | undefined;
  /** Marks the session as having passed the administrator's second factor (under a new id). */
  passSecondFactor(): Promise<void>;
}
