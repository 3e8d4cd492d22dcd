import { describe, expect, it } from 'vitest';
import { isCjkName, isFamilyNameFirst, personDisplayName, personInitials, personNameOrEmail } from './person-name';

describe('person name display', () => {
  it('writes Latin names first name first, with a space', () => {
    expect(personDisplayName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(personDisplayName({ firstName: ' Jean-François ', lastName: 'de la  Durantaye' })).toBe(
      'Jean-François de la Durantaye',
    );
  });

  it('writes CJK names family name first, without a space', () => {
    expect(personDisplayName({ firstName: '小明', lastName: '王' })).toBe('王小明');
    expect(personDisplayName({ firstName: '嘉欣', lastName: '欧阳' })).toBe('欧阳嘉欣');
    expect(personDisplayName({ firstName: '太郎', lastName: '山田' })).toBe('山田太郎');
    expect(personDisplayName({ firstName: '민준', lastName: '김' })).toBe('김민준');
    // A rarer character outside the Basic Multilingual Plane is still Han.
    expect(personDisplayName({ firstName: '𠀋明', lastName: '李' })).toBe('李𠀋明');
    // A transliterated foreign name keeps its middle dot.
    expect(personDisplayName({ firstName: '约翰·保罗', lastName: '史密斯' })).toBe('史密斯约翰·保罗');
  });

  it('writes mixed names as typed, first name first with a space', () => {
    expect(personDisplayName({ firstName: 'Xiaoming', lastName: '王' })).toBe('Xiaoming 王');
    expect(personDisplayName({ firstName: '小明', lastName: 'Wang' })).toBe('小明 Wang');
    expect(personDisplayName({ firstName: 'Ming 明', lastName: '王' })).toBe('Ming 明 王');
    expect(isFamilyNameFirst({ firstName: 'Xiaoming', lastName: '王' })).toBe(false);
  });

  it('copes with empty parts', () => {
    expect(personDisplayName({ firstName: '', lastName: '王' })).toBe('王');
    expect(personDisplayName({ firstName: '小明', lastName: '  ' })).toBe('小明');
    expect(personDisplayName({ firstName: 'Ada', lastName: '' })).toBe('Ada');
    expect(personDisplayName({ firstName: null, lastName: undefined })).toBe('');
    expect(personDisplayName({})).toBe('');
    expect(isFamilyNameFirst({ firstName: '', lastName: '' })).toBe(false);
    expect(personNameOrEmail({ firstName: ' ', lastName: '', email: 'a@example.com' })).toBe('a@example.com');
    expect(personNameOrEmail({ firstName: '小明', lastName: '王', email: 'a@example.com' })).toBe('王小明');
  });

  it('tells CJK name parts', () => {
    expect(isCjkName('王')).toBe(true);
    expect(isCjkName('ヤマダ')).toBe(true);
    expect(isCjkName('Wang')).toBe(false);
    expect(isCjkName('·')).toBe(false);
    expect(isCjkName('')).toBe(false);
    expect(isCjkName('王1')).toBe(false);
  });

  it('gives initials in the order the name is written', () => {
    expect(personInitials({ firstName: 'ada', lastName: 'lovelace' })).toBe('AL');
    expect(personInitials({ firstName: '小明', lastName: '王' })).toBe('王');
    expect(personInitials({ firstName: '小明', lastName: '' })).toBe('小');
    expect(personInitials({ firstName: 'Xiaoming', lastName: '王' })).toBe('X王');
    expect(personInitials({ firstName: '', lastName: '', email: 'zoe@example.com' })).toBe('Z');
    expect(personInitials({ firstName: '𠀋明', lastName: '' })).toBe('𠀋');
  });
});
