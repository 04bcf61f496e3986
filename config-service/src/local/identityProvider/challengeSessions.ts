/** How long a challenge's session may be answered: a user pool's default (three minutes). */
const SESSION_LIFETIME_MS = 3 * 60_000;
/** Sessions remembered at most; past it the oldest go first, so a flood of sign-ins cannot grow the map. */
const MAX_SESSIONS = 10_000;

interface Issued {
  challenge: string;
  /** The names the user may be answered under: the one they signed in with and the pool's own. */
  usernames: ReadonlySet<string>;
  expires: number;
}

/**
 * The challenge sessions the local identity provider has handed out. cognito-local checks neither a
 * session nor that the challenge was ever sent: answering SMS_MFA with no code, or
 * NEW_PASSWORD_REQUIRED, for any user, with any session, signs in as them. A real pool answers only
 * the challenge it sent, on the session it sent it with; the adapter holds the emulator to that.
 */
export class ChallengeSessions {
  private readonly issued = new Map<string, Issued>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Notes the challenge an upstream answer sends, if it sends one. */
  remember(answer: Record<string, unknown>, signedInAs: unknown): void {
    const { Session, ChallengeName, ChallengeParameters } = answer as {
      Session?: unknown;
      ChallengeName?: unknown;
      ChallengeParameters?: Record<string, unknown>;
    };
    if (typeof Session !== 'string' || typeof ChallengeName !== 'string') return;
    const usernames = new Set(
      [signedInAs, ChallengeParameters?.USER_ID_FOR_SRP, ChallengeParameters?.USERNAME].filter((n): n is string => typeof n === 'string'),
    );
    if (this.issued.size >= MAX_SESSIONS) this.issued.delete(this.issued.keys().next().value as string);
    this.issued.set(Session, { challenge: ChallengeName, usernames, expires: this.now() + SESSION_LIFETIME_MS });
  }

  /** The challenge a session this provider sent is for, while it may still be answered. */
  private live(id: unknown): Issued | undefined {
    const session = typeof id === 'string' ? this.issued.get(id) : undefined;
    if (session && session.expires <= this.now()) {
      this.issued.delete(id as string);
      return undefined;
    }
    return session;
  }

  /** Whether a RespondToAuthChallenge body answers a challenge this provider sent, on its session and for its user. */
  answers(request: Record<string, unknown>): boolean {
    const session = this.live(request.Session);
    const username = (request.ChallengeResponses as { USERNAME?: unknown } | undefined)?.USERNAME;
    return session !== undefined && request.ChallengeName === session.challenge && typeof username === 'string' && session.usernames.has(username);
  }

  /**
   * Whether a session stands for an MFA_SETUP challenge this provider sent: what AssociateSoftwareToken and
   * VerifySoftwareToken carry, instead of an access token, when sign-in asks for an authenticator to be set up.
   */
  setsUp(id: unknown): boolean {
    return this.live(id)?.challenge === 'MFA_SETUP';
  }

  /** A set-up call answered carries the session to go on with: it answers the same challenge for the same user, and the old one is spent. */
  handOn(id: unknown, answer: Record<string, unknown>): void {
    const session = this.live(id);
    if (!session || typeof answer.Session !== 'string') return;
    this.issued.delete(id as string);
    this.issued.set(answer.Session, { ...session, expires: this.now() + SESSION_LIFETIME_MS });
  }

  /** A session answered rightly is spent; a wrong code leaves it open for the next try, as a pool does. */
  spend(session: unknown): void {
    if (typeof session === 'string') this.issued.delete(session);
  }
}
