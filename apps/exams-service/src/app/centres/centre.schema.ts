import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Room, Sitting } from '@kbe/contracts';

/** A centre of the edition, as stored in `centres`. */
@Schema({ collection: 'centres', versionKey: false, timestamps: true })
export class CentreDocument {
  /** Upper case, e.g. NSK01. */
  @Prop({ type: String, required: true })
  code!: string;

  /** The edition's year: numbers run per edition. */
  @Prop({ type: Number, required: true })
  edition!: number;

  /** 1..999, issued once per edition and never reused (the roll numbers carry it). */
  @Prop({ type: Number, required: true })
  number!: number;

  @Prop({ type: String, required: true })
  name!: string;

  @Prop({ type: String, required: true })
  address!: string;

  @Prop({ type: String, required: true })
  district!: string;

  @Prop({ type: String, required: true })
  taluka!: string;

  @Prop({ type: String, required: true })
  contact!: string;

  @Prop({ type: [Object], required: true })
  rooms!: Room[];

  @Prop({ type: [Object], required: true })
  sittings!: Sitting[];

  /** Normalised (lower case) name, district and taluka: anchored prefix search and the district filter. */
  @Prop({ type: String, required: true })
  nameKey!: string;

  @Prop({ type: String, required: true })
  districtKey!: string;

  @Prop({ type: String, required: true })
  talukaKey!: string;

  createdAt!: Date;
  updatedAt!: Date;
}

export const CentreSchema = SchemaFactory.createForClass(CentreDocument);
// Serves lookups by code (get, update, delete, import) and the list's sort by code; refuses a second centre with a code.
CentreSchema.index({ code: 1 }, { unique: true });
// Refuses a number issued twice within an edition (the counter issues each once).
CentreSchema.index({ edition: 1, number: 1 }, { unique: true });
// Serves the list's ?district= filter (equality) and ?search= as a district prefix.
CentreSchema.index({ districtKey: 1, talukaKey: 1 });
// Serves ?search= as a taluka prefix.
CentreSchema.index({ talukaKey: 1 });
// Serves ?search= as a name prefix.
CentreSchema.index({ nameKey: 1 });

/** One counter per edition in `counters`: the last centre number issued. */
@Schema({ collection: 'counters', versionKey: false })
export class CounterDocument {
  /** `centre-number:<edition>` */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Number, required: true })
  value!: number;
}

export const CounterSchema = SchemaFactory.createForClass(CounterDocument);
// Lookups by `_id` only: the primary key serves them.
