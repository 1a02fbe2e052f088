/**
 * The script of the service's /play page: start a game against the computer, or with an open seat and a
 * link to share, open such a link, or watch any game by id. What the page is showing lives in the URL's
 * fragment (`#game=…&token=…`, `#invite=…`, `#watch=…`), so a reload or a bookmark comes back to it and
 * the token never reaches the service's logs.
 */
import { createTaflClient, isProblemError, type Schemas } from '@tafl/client';

type Side = 'attackers' | 'defenders';
const other = (s: Side): Side => (s === 'attackers' ? 'defenders' : 'attackers');

function byId<T extends HTMLElement>(doc: Document, id: string): T {
  const el = doc.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  return el as T;
}

export function startPlayPage(doc: Document = document): void {
  const client = createTaflClient({ baseUrl: doc.location.origin });
  const start = byId<HTMLElement>(doc, 'start');
  const shown = byId<HTMLElement>(doc, 'game');
  const game = byId<HTMLElement>(doc, 'live-game');
  const invite = byId<HTMLElement>(doc, 'invite');
  const inviteLink = byId<HTMLInputElement>(doc, 'invite-link');
  const join = byId<HTMLButtonElement>(doc, 'join');
  const notice = byId<HTMLElement>(doc, 'notice');

  const say = (text: string): void => void (notice.textContent = text);
  const fail = (e: unknown) => say(isProblemError(e) ? e.problem.detail : `Something went wrong: ${String(e)}`);

  /** Shows the state the fragment names; the start forms when it names none. */
  const route = async (): Promise<void> => {
    const f = new URLSearchParams(doc.location.hash.replace(/^#/, ''));
    say('');
    invite.hidden = true;
    join.hidden = true;
    const id = f.get('game') ?? f.get('watch');
    if (id) {
      start.hidden = true;
      shown.hidden = false;
      game.setAttribute('game-id', id);
      const token = f.get('token');
      if (token) game.setAttribute('token', token);
      else game.removeAttribute('token');
      if (f.get('side') === 'defenders') game.setAttribute('orientation', 'normal');
      const code = f.get('code');
      if (code) {
        inviteLink.value = `${doc.location.origin}/play#invite=${encodeURIComponent(code)}`;
        invite.hidden = false;
      }
      return;
    }
    const code = f.get('invite');
    if (code) {
      start.hidden = true;
      shown.hidden = true;
      try {
        const answer = await client.api.GET('/v1/invites/{code}', { params: { path: { code } } });
        const summary = answer.data as Schemas['GameSummaryView'] | undefined;
        if (!summary) {
          say('This invitation is unknown.');
          return;
        }
        const open = (['attackers', 'defenders'] as const).find((s) => summary.seats[s] === 'open');
        if (!open) {
          doc.location.hash = `watch=${summary.id}`;
          say('Someone took this seat already; you can watch the game.');
          return;
        }
        say(`You are invited to play ${summary.variant} as the ${open}.`);
        join.hidden = false;
        join.onclick = () => {
          join.disabled = true;
          client
            .claimSeat(summary.id, { code })
            .then((c) => (doc.location.hash = `game=${c.id}&side=${c.side}&token=${encodeURIComponent(c.token)}`))
            .catch(fail)
            .finally(() => (join.disabled = false));
        };
      } catch (e) {
        fail(e);
      }
      return;
    }
    start.hidden = false;
    shown.hidden = true;
  };

  byId<HTMLFormElement>(doc, 'new-game').addEventListener('submit', (e) => {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const data = new FormData(form);
    const action = (e as SubmitEvent).submitter?.getAttribute('value') ?? 'computer';
    const variant = String(data.get('variant') ?? 'brandubh');
    const side = (data.get('side') === 'defenders' ? 'defenders' : 'attackers') as Side;
    const level = Math.min(10, Math.max(1, Number(data.get('level') ?? 3) || 3));
    const body: Schemas['CreateGameRequest'] =
      action === 'invite'
        ? { variant, players: { [side]: 'Host', [other(side)]: { open: true } } as Schemas['CreateGameRequest']['players'] }
        : { variant, players: { [side]: 'You', [other(side)]: 'Computer' }, computer: { side: other(side), level } };
    client
      .createGame(body)
      .then((created) => {
        const token = created.tokens[side];
        const code = created.invite?.code;
        doc.location.hash = `game=${created.id}&side=${side}&token=${encodeURIComponent(token ?? '')}${code ? `&code=${encodeURIComponent(code)}` : ''}`;
      })
      .catch(fail);
  });

  byId<HTMLFormElement>(doc, 'watch').addEventListener('submit', (e) => {
    e.preventDefault();
    const id = String(new FormData(e.target as HTMLFormElement).get('id') ?? '').trim();
    if (id) doc.location.hash = `watch=${encodeURIComponent(id)}`;
  });

  byId<HTMLButtonElement>(doc, 'copy').addEventListener('click', () => {
    void navigator.clipboard?.writeText(inviteLink.value).then(() => say('The link is copied.'));
  });

  doc.defaultView?.addEventListener('hashchange', () => void route());
  void route();
}
