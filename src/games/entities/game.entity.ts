import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { ClockState } from '../clocks/clock';
import type { GameOptions, TimeControl } from '../clocks/time-control';

export interface ComputerSide {
  side: 'attackers' | 'defenders';
  level: number;
  budgetMs: number;
  /** The ENGINES name of the external engine that plays this side (api.md section 15); absent: the built-in search. */
  engine?: string;
}

/** A stored game: its start, its current state (derived from the moves, kept for reads), its tokens. */
@Entity({ name: 'games' })
@Index('games_created_idx', ['createdAt', 'id'])
export class GameEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'text' })
  variant!: string;

  @Column({ name: 'start_position', type: 'text' })
  startPosition!: string;

  @Column({ type: 'text' })
  position!: string;

  @Column({ type: 'int' })
  ply!: number;

  @Column({ type: 'text' })
  status!: 'ongoing' | 'finished';

  @Column({ type: 'text', nullable: true })
  winner!: string | null;

  @Column({ type: 'text', nullable: true })
  reason!: string | null;

  @Column({ type: 'jsonb' })
  players!: { attackers: string | null; defenders: string | null };

  @Column({ type: 'jsonb' })
  metadata!: Record<string, unknown>;

  @Column({ name: 'attackers_token_hash', type: 'text' })
  attackersTokenHash!: string;

  @Column({ name: 'defenders_token_hash', type: 'text' })
  defendersTokenHash!: string;

  @Column({ name: 'draw_offered_by', type: 'text', nullable: true })
  drawOfferedBy!: 'attackers' | 'defenders' | null;

  /** The seq of the game's last event (0 before any): what a stream's gameFull carries. */
  @Column({ name: 'last_seq', type: 'int' })
  lastSeq!: number;

  /** The side the service plays itself, and how strongly; null when both sides are people. */
  @Column({ type: 'jsonb', nullable: true })
  computer!: ComputerSide | null;
  /** Null for a game without clocks. */
  @Column({ name: 'time_control', type: 'jsonb', nullable: true })
  timeControl!: TimeControl | null;

  /** Each side's time as of the start of the current turn; null without a time control. */
  @Column({ type: 'jsonb', nullable: true })
  clock!: ClockState | null;

  /** When the side to move flags: set only while the game is ongoing with a clock (the scheduler's index). */
  @Column({ type: 'timestamptz', nullable: true })
  deadline!: Date | null;

  @Column({ type: 'jsonb' })
  options!: GameOptions;

  @Column({ name: 'takeback_offered_by', type: 'text', nullable: true })
  takebackOfferedBy!: 'attackers' | 'defenders' | null;

  /** Where every event is POSTed; null: no webhook. */
  @Column({ name: 'webhook_url', type: 'text', nullable: true })
  webhookUrl!: string | null;

  /** The HMAC key of the webhook's signatures (shown once at creation, needed for every delivery). */
  @Column({ name: 'webhook_secret', type: 'text', nullable: true })
  webhookSecret!: string | null;

  /** The side waiting for whoever claims it with the invite code; null once both seats are taken. */
  @Column({ name: 'open_seat', type: 'text', nullable: true })
  openSeat!: 'attackers' | 'defenders' | null;

  /** SHA-256 of the invite code (kept after the claim, so a late claim is told the seat is taken). */
  @Column({ name: 'invite_hash', type: 'text', nullable: true })
  inviteHash!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** The columns a change of a game may write (a move, an offer, a result, a flag fall, a takeback, a claim). */
export type GameChanges = Partial<
  Pick<
    GameEntity,
    | 'position'
    | 'ply'
    | 'status'
    | 'winner'
    | 'reason'
    | 'drawOfferedBy'
    | 'takebackOfferedBy'
    | 'clock'
    | 'deadline'
    | 'lastSeq'
    | 'updatedAt'
    | 'openSeat'
    | 'players'
    | 'attackersTokenHash'
    | 'defendersTokenHash'
  >
>;
