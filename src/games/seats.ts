/**
 * Open seats (api.md section 11): which side a create input leaves open, how a game shows its seats,
 * and the invite code that claims the open one. One value set for a seat's state, from which the
 * OpenAPI and GraphQL enums are derived.
 */
import { ApiProperty } from '@nestjs/swagger';
import { Field, ObjectType, registerEnumType } from '@nestjs/graphql';
import { ValidateBy, ValidationOptions } from 'class-validator';
import { randomBytes } from 'node:crypto';
import { ProblemError } from '../http/problem-error';
import { enumObject } from '../http/enums';
import type { GameEntity } from './entities/game.entity';
import type { Side } from './game-sides';

export const SEAT_STATES = ['taken', 'open'] as const;
export type SeatState = (typeof SEAT_STATES)[number];
export const SeatStateEnum = enumObject(SEAT_STATES);
registerEnumType(SeatStateEnum, { name: 'SeatState', description: 'taken: a player holds the side; open: it waits for a claim.' });

const isOpenSeat = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 1 && (v as { open?: unknown }).open === true;

/** A player's name, or `{ "open": true }`. */
export function IsNameOrOpenSeat(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isNameOrOpenSeat',
      validator: {
        validate: (v: unknown) => typeof v === 'string' || isOpenSeat(v),
        defaultMessage: () => '$property must be a name (a string) or { "open": true }',
      },
    },
    options,
  );
}

/** The players of a create input as REST or GraphQL writes them. */
export interface PlayersInput {
  attackers?: unknown;
  defenders?: unknown;
  open?: Side | null;
}

/**
 * The side a create input leaves open, or null; the players' names as stored. Refused: both sides open,
 * and an open side beside a computer side or a delayed start (the clocks start at the claim).
 */
export function seatsOfInput(
  players: PlayersInput | null | undefined,
  context: { computer: boolean; startAt: boolean },
  at = '',
): { open: Side | null; names: { attackers: string | null; defenders: string | null } } {
  const name = (v: unknown) => (typeof v === 'string' ? v : null);
  const names = { attackers: name(players?.attackers), defenders: name(players?.defenders) };
  const open = new Set<Side>();
  if (players?.open) open.add(players.open);
  if (isOpenSeat(players?.attackers)) open.add('attackers');
  if (isOpenSeat(players?.defenders)) open.add('defenders');
  if (open.size === 0) return { open: null, names };
  const [side] = open;
  const refuse = (message: string) => ProblemError.invalidField(`${at}players`, message);
  if (open.size > 1) throw refuse('at most one side may be left open');
  if (names[side] !== null) throw refuse(`the ${side} are both named and left open`);
  if (context.computer) throw refuse('a game against the computer has no open seat');
  if (context.startAt) throw ProblemError.invalidField(`${at}startAt`, 'a game with an open seat starts when the seat is taken');
  return { open: side, names };
}

@ObjectType('Seats', { description: 'Whether each side is held by a player or waits for a claim.' })
export class SeatsView {
  @Field(() => SeatStateEnum) @ApiProperty({ enum: SEAT_STATES, enumName: 'SeatState' }) attackers!: SeatState;
  @Field(() => SeatStateEnum) @ApiProperty({ enum: SEAT_STATES, enumName: 'SeatState' }) defenders!: SeatState;
}

export function seatsOf(game: Pick<GameEntity, 'openSeat'>): SeatsView {
  return { attackers: game.openSeat === 'attackers' ? 'open' : 'taken', defenders: game.openSeat === 'defenders' ? 'open' : 'taken' };
}

@ObjectType('Invite', { description: 'What claims the open seat: shown once, to the creator.' })
export class InviteView {
  @Field() @ApiProperty({ example: 'oV3k9QmJx2cT8wLd' }) code!: string;
  @Field({ description: 'Where the invite is read: PUBLIC_BASE_URL + /v1/invites/{code}, or that path alone.' })
  @ApiProperty({ example: 'https://tafl.example/v1/invites/oV3k9QmJx2cT8wLd' })
  url!: string;
}

/** 96 random bits: 16 URL-safe characters, short enough for a chat message. */
export function newInviteCode(): string {
  return randomBytes(12).toString('base64url');
}

export function inviteOf(code: string, publicBaseUrl: string | null): InviteView {
  const path = `/v1/invites/${code}`;
  return { code, url: publicBaseUrl ? `${publicBaseUrl.replace(/\/+$/, '')}${path}` : path };
}
