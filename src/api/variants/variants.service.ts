/** The registry: every built-in variant described from its definition, computed once. */
import { Injectable } from '@nestjs/common';
import { BUILT_IN_DEFINITIONS, describeVariant, VariantDescription } from '../../variants';
import { ApiError } from '../errors/api-error';

@Injectable()
export class VariantsService {
  private readonly all: VariantDescription[] = BUILT_IN_DEFINITIONS.map(describeVariant);

  list(): VariantDescription[] {
    return this.all;
  }

  get(id: string, status: 400 | 404 = 404): VariantDescription {
    const found = this.all.find((v) => v.id === id);
    if (!found) throw ApiError.variantNotFound(id, status, 'id');
    return found;
  }
}
