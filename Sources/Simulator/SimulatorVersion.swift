/// Placeholder namespace for the bot-vs-bot simulator.
public enum Simulator {}
