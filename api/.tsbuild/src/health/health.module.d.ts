export declare class HealthModule {}
