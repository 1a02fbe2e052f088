/** The registry: every built-in variant described from its compiled rules, computed once. */
import { Injectable } from '@nestjs/common';
import { builtInVariants, describeVariant, VariantDescription } from '../../variants';
import { ProblemError } from '../../http/problem-error';

@Injectable()
export class VariantsService {
  private readonly all: VariantDescription[] = builtInVariants().map(({ meta, compiled }) => describeVariant(meta, compiled));

  list(): VariantDescription[] {
    return this.all;
  }

  get(id: string): VariantDescription {
    const found = this.all.find((v) => v.id === id);
    if (!found) throw ProblemError.variantNotFound(id, 'path', 'id');
    return found;
  }
}
