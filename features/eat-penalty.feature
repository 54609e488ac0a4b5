Feature: eat-penalty
