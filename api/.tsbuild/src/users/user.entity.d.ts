export declare class User {
  id: string;
  email: string;
  passwordHash: string;
  createdAt: Date;
  passwordChangedAt: Date;
}
