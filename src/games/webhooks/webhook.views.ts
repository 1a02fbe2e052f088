/** Shapes of webhooks for both transports (api.md section 8). */
import { ApiProperty } from '@nestjs/swagger';
import { Field, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { enumObject } from '../../http/enums';
import { IsString } from 'class-validator';
import { DELIVERY_STATUSES, DeliveryStatus } from './webhook-deliveries.repository';

export const DeliveryStatusEnum = enumObject(DELIVERY_STATUSES);
registerEnumType(DeliveryStatusEnum, {
  name: 'WebhookDeliveryStatus',
  description: 'pending: not yet delivered (retried with backoff); delivered: a 2xx came back; failed: given up after the retry window.',
});

@InputType('WebhookInput')
export class WebhookRequest {
  @Field({ description: 'Where every event of the game is POSTed; its host must be among WEBHOOK_ALLOWED_HOSTS.' })
  @ApiProperty({
    format: 'uri',
    example: 'https://tournament.example/tafl-events',
    description: 'Its host must be among WEBHOOK_ALLOWED_HOSTS.',
  })
  @IsString()
  url!: string;
}

@ObjectType('WebhookDelivery')
export class WebhookDeliveryView {
  @Field(() => Int) @ApiProperty({ type: 'integer', minimum: 1, description: 'The seq of the event delivered.' }) seq!: number;
  @Field() @ApiProperty({ format: 'uuid', description: 'The X-Tafl-Event-Id header: the same on every attempt.' }) eventId!: string;
  @Field() @ApiProperty({ description: 'The kind of event (move, resign, …).' }) event!: string;
  @Field(() => DeliveryStatusEnum)
  @ApiProperty({ enum: DELIVERY_STATUSES, enumName: 'WebhookDeliveryStatus' })
  status!: DeliveryStatus;
  @Field(() => Int) @ApiProperty({ type: 'integer', minimum: 0 }) attempts!: number;
  @Field(() => Int, { nullable: true })
  @ApiProperty({ type: 'integer', nullable: true, description: "The receiver's last HTTP status." })
  lastStatus!: number | null;
  @Field(() => String, { nullable: true }) @ApiProperty({ type: String, nullable: true }) lastError!: string | null;
  @Field(() => String, { nullable: true })
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When a pending delivery is tried next.' })
  nextAttemptAt!: string | null;
  @Field(() => String, { nullable: true }) @ApiProperty({ type: String, format: 'date-time', nullable: true }) deliveredAt!: string | null;
  @Field() @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

@ObjectType('WebhookDeliveries')
export class WebhookDeliveriesView {
  @Field(() => [WebhookDeliveryView])
  @ApiProperty({ type: [WebhookDeliveryView], description: 'In seq order.' })
  items!: WebhookDeliveryView[];
}
